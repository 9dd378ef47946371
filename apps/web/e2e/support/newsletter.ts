// Page objects for /newsletter-generator and /quarterly-newsletter, named by what a user sees, plus
// API seeding: clients as the people the advisor met (e2e connects no CRM, so the segments come from
// meeting attendees), and reading the outbox and newsletters back.
import {
  EMAIL_PATHS,
  MEETING_PATHS,
  NEWSLETTER_PATHS,
  type TNewsletterSummary,
  type TOutboxEmail,
} from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

export class NewsletterScreen {
  readonly heading: Locator;
  readonly list: Locator;
  readonly newForm: Locator;
  readonly editor: Locator;
  readonly subject: Locator;
  readonly body: Locator;
  readonly preview: Locator;
  readonly saveStatus: Locator;
  readonly lastSend: Locator;
  /** "Sending… N of M" while the emails go out in the background. */
  readonly sending: Locator;
  readonly approval: ApprovalDialog;

  constructor(
    readonly page: Page,
    readonly path: '/newsletter-generator' | '/quarterly-newsletter',
  ) {
    const title = path === '/newsletter-generator' ? 'Newsletter generator' : 'Quarterly newsletter';
    this.heading = page.getByRole('heading', { name: title, level: 1 });
    this.list = page.getByRole('navigation', { name: 'Your newsletters' });
    this.newForm = page.getByRole('form', { name: /^New (newsletter|quarterly edition)$/ });
    this.editor = page.getByRole('region', { name: /(Newsletter draft|edition)$/ });
    this.subject = page.getByRole('textbox', { name: 'Subject', exact: true });
    this.body = page.getByRole('textbox', { name: 'Newsletter text' });
    this.preview = page.getByRole('article', { name: 'Email preview' });
    this.saveStatus = page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|Not saved/ });
    this.lastSend = page.getByRole('region', { name: 'Last send' });
    this.sending = page.getByRole('status', { name: /^Sending…/ });
    this.approval = new ApprovalDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.heading).toBeVisible();
  }

  topic(name: string): Locator {
    return this.newForm.getByRole('button', { name, exact: true });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  item(subject: string | RegExp): Locator {
    return this.list.getByRole('link', { name: subject });
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveText('All changes saved');
  }
}

/** The approval step of a newsletter send. */
export class ApprovalDialog {
  readonly root: Locator;
  readonly segment: Locator;
  readonly count: Locator;
  readonly recipients: Locator;
  readonly email: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Send this newsletter?' });
    this.segment = this.root.getByLabel('Segment');
    this.count = this.root.getByRole('status');
    this.recipients = this.root.getByRole('list', { name: 'Recipients' });
    this.email = this.root.locator('pre');
  }

  recipient(name: string): Locator {
    return this.recipients.getByRole('checkbox', { name: new RegExp(name) });
  }

  sendButton(count: number): Locator {
    return this.root.getByRole('button', { name: `Send to ${count} ${count === 1 ? 'client' : 'clients'}` });
  }
}

/** Seeding and checks through the API as the account. */
export function newsletterSeeder(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    /** A past meeting with one client: they become one of the advisor's clients. */
    async metClient(name: string, email: string, daysAgo: number): Promise<void> {
      const res = await api.post(MEETING_PATHS.list, {
        title: `Review with ${name}`,
        start_time: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        participants: [{ name, email }],
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
    async outbox(): Promise<TOutboxEmail[]> {
      const res = await api.get(EMAIL_PATHS.outbox);
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TOutboxEmail[];
    },
    async newsletters(): Promise<TNewsletterSummary[]> {
      const res = await api.get(NEWSLETTER_PATHS.list);
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TNewsletterSummary[];
    },
  };
}
