// The widget as a host page's visitor sees it: the demo host page (examples/host, served on its own
// origin by the e2e config), its launcher, and the app inside the panel's iframe.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The host page's origin (127.0.0.1), which the app lists in WIDGET_ALLOWED_ORIGINS. */
export const hostPageUrl = () => `http://127.0.0.1:${process.env.E2E_HOST_PORT}`;
/** The same page on another origin (localhost), which is not on the list. */
export const foreignHostUrl = () => `http://localhost:${process.env.E2E_HOST_PORT}`;

export class HostPage {
  readonly launcher: Locator;
  readonly app: FrameLocator;

  constructor(readonly page: Page) {
    // Inside the loader's (open) shadow root, which Playwright's locators pierce.
    this.launcher = page.getByRole('button', { name: /^(Open|Close) Knap Studio$/ });
    this.app = page.frameLocator('iframe[title="Knap Studio assistant"]');
  }

  async goto(query: Record<string, string> = {}, base = hostPageUrl()): Promise<void> {
    await this.page.goto(`${base}/?${new URLSearchParams(query)}`);
  }

  async open(): Promise<void> {
    await this.launcher.click();
    await expect(this.launcher).toHaveAttribute('aria-expanded', 'true');
  }

  /** The sign-in screen inside the widget. */
  get signInHeading(): Locator {
    return this.app.getByRole('heading', { name: 'Welcome back' });
  }
}
