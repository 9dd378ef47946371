// Page objects for /client-review, /client-review/new and /client-review/{id}, named by what a user
// sees, plus reading reviews through the API.
import { CLIENT_REVIEW_PATHS, type TClientReview } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';
import { SendApprovalDialog } from './knaps';

/** /client-review: the list of reviews. */
export class ClientReviewListScreen {
  readonly heading: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Client reviews', level: 1 });
    this.list = page.getByRole('list', { name: 'Client reviews' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/client-review');
    await expect(this.heading).toBeVisible();
  }

  review(clientName: string): Locator {
    return this.list.getByRole('link', { name: new RegExp(clientName) });
  }
}

/** /client-review/new: the client and the period. */
export class NewClientReviewScreen {
  readonly heading: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New client review', level: 1 });
    this.form = page.getByRole('form', { name: 'New client review' });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async draft(): Promise<void> {
    await this.form.getByRole('button', { name: 'Draft the review' }).click();
  }
}

/** /client-review/{id}: the editor, preview, PDF and email. */
export class ClientReviewScreen {
  readonly sections: Locator;
  readonly preview: Locator;
  readonly saveStatus: Locator;
  readonly sendPanel: Locator;
  readonly approval: SendApprovalDialog;

  constructor(readonly page: Page) {
    this.sections = page.getByRole('form', { name: 'Review sections' });
    this.preview = page.getByRole('article', { name: 'Review preview' });
    this.saveStatus = page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|Not saved/ });
    this.sendPanel = page.getByRole('region', { name: 'PDF and email' });
    this.approval = new SendApprovalDialog(page);
  }

  heading(clientName: string): Locator {
    return this.page.getByRole('heading', { name: clientName, level: 1 });
  }

  section(title: string): Locator {
    return this.sections.getByRole('textbox', { name: title, exact: true });
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveText('All changes saved');
  }

  /** The review's id, from the address. */
  idFromUrl(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop()!);
  }
}

/**
 * Elements that reach past the right edge of the window, e.g. 'SELECT: …' for a select as wide as its
 * longest option. The shell scrolls its own pane, so the page itself never shows such overflow.
 * Poll it (`expect.poll`): just after a viewport change the layout may not have settled yet.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}: ${(el.textContent ?? '').trim().slice(0, 60)}`),
  );
}

/** The account's reviews as the server has them. */
export function reviewReader(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async review(id: string): Promise<TClientReview> {
      const res = await api.get(CLIENT_REVIEW_PATHS.review(id));
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TClientReview;
    },
  };
}
