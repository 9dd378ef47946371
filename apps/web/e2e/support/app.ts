// Page objects for the sign-in page and the signed-in shell, named by what a user sees (roles and
// labels), so specs read as user steps and a renamed control breaks one place only.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestAccount } from './accounts';

export const PRODUCT_NAME = 'Knap Studio';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Matches the sign-in route, with or without its ?redirect= query. */
export const SIGNIN_URL = /\/signin(\?.*)?$/;
/** Matches /chat exactly (no query string). */
export const CHAT_URL = /\/chat$/;

export class SignInPage {
  readonly heading: Locator;
  readonly signInTab: Locator;
  readonly createAccountTab: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly createAccountButton: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.signInTab = page.getByRole('tab', { name: 'Sign in' });
    this.createAccountTab = page.getByRole('tab', { name: 'Create account' });
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    this.createAccountButton = page.getByRole('button', { name: 'Create account', exact: true });
    this.error = page.getByRole('alert');
  }

  async goto(pathname = '/signin'): Promise<void> {
    await this.page.goto(pathname);
    await this.expectSignInForm();
  }

  /** The sign-in tab's form is on screen (the state a signed-out visitor lands in). */
  async expectSignInForm(): Promise<void> {
    await expect(this.page).toHaveURL(SIGNIN_URL);
    await expect(this.heading).toHaveText('Welcome back');
    await expect(this.signInTab).toHaveAttribute('aria-selected', 'true');
    await expect(this.email).toBeVisible();
    await expect(this.password).toBeVisible();
    await expect(this.signInButton).toBeEnabled();
  }

  async signIn(account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
    await this.signInTab.click();
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.signInButton.click();
  }

  async createAccount(account: TestAccount): Promise<void> {
    await this.createAccountTab.click();
    await expect(this.heading).toHaveText('Create your account');
    await this.name.fill(account.name);
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.createAccountButton.click();
  }
}

export class AppShell {
  readonly mainMenu: Locator;
  readonly menuButton: Locator;
  readonly overlay: Locator;
  readonly backdrop: Locator;
  readonly accountDialog: Locator;

  constructor(readonly page: Page) {
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.overlay = page.getByRole('dialog', { name: 'Menu' });
    this.backdrop = page.getByTestId('sidebar-backdrop');
    this.accountDialog = page.getByRole('dialog', { name: 'Account' });
  }

  /** The shell is up with the four main-menu entries of SPEC §2 (Notetaker opens a panel, not a page). */
  async expectMainMenu(menu: Locator = this.mainMenu): Promise<void> {
    await expect(menu).toBeVisible();
    for (const name of ['Chat', 'Knaps']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Notetaker', 'Settings']) {
      await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    }
  }

  /** The signed-in user's email, shown at the foot of the sidebar. */
  signedInAs(email: string): Locator {
    return this.page.getByText(email, { exact: true }).first();
  }

  /** Settings → Account dialog → Log out (desktop layout). */
  async logOut(): Promise<void> {
    await this.mainMenu.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(this.accountDialog).toBeVisible();
    await this.accountDialog.getByRole('button', { name: 'Log out' }).click();
  }
}

/** True when the page scrolls sideways (the document is wider than the viewport). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > window.innerWidth;
  });
}

/** Saves a full-page screenshot into the git-ignored e2e/screenshots folder. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The page's console errors about the Content Security Policy from now on: Chromium logs each load
 * the policy refuses, including frames and images the page never hears about.
 */
export function collectCspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}
