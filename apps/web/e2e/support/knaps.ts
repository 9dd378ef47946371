// Page objects for the knap screens (/knaps, /request-knap, /advanced-planning), named by what a
// user sees, plus API seeding: a meeting whose notes the demo model has written.
import {
  EMAIL_PATHS,
  KNAP_PATHS,
  type KnapComponentId,
  MEETING_PATHS,
  type TMeeting,
  type TMeetingNotes,
  type TOutboxEmail,
} from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

/** A client review as "Speaker: words" lines, the advisor speaking as the e2e account's name. */
export const HENDERSON_TRANSCRIPT = [
  'Avery Advisor: Welcome, Ann. Tell me where things stand.',
  "Ann Henderson: I'm 58 and I earn $180,000 a year as an engineer. My 401(k) has $850,000 and we keep savings of $120,000.",
  'Avery Advisor: What are your goals?',
  "Ann Henderson: I want to retire at 62 and help my daughter with college tuition. I'm moderate about risk.",
  'Avery Advisor: We agreed to review the rollover. I will send the plan next week.',
].join('\n');

/** Seeding and checks through the API as the account. */
export function knapSeeder(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    /** A meeting with a client and an uploaded transcript, once the notes are written from it. */
    async meetingWithNotes(title: string, clientEmail: string, transcript: string): Promise<TMeeting> {
      const created = await api.post(MEETING_PATHS.list, {
        title,
        start_time: new Date(Date.now() - 86_400_000).toISOString(),
        participants: [{ name: 'Ann Henderson', email: clientEmail }],
      });
      expect(created.ok(), await created.text()).toBe(true);
      const meeting = (await created.json()) as TMeeting;
      const uploaded = await api.put(MEETING_PATHS.transcript(meeting.meeting_id), { content: transcript });
      expect(uploaded.ok(), await uploaded.text()).toBe(true);
      await expect
        .poll(async () => {
          const res = await api.get(MEETING_PATHS.notes(meeting.meeting_id));
          return ((await res.json()) as TMeetingNotes).notes_status;
        })
        .toBe('ready');
      return meeting;
    },
    async outbox(): Promise<TOutboxEmail[]> {
      const res = await api.get(EMAIL_PATHS.outbox);
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TOutboxEmail[];
    },
    /** A component's stored data, as the server keeps it. */
    async component(componentId: KnapComponentId): Promise<Record<string, unknown> | null> {
      const res = await api.post(KNAP_PATHS.components, { component_id: componentId });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).data;
    },
  };
}

/** 'Send this email?': the approval dialog before anything is sent. */
export class SendApprovalDialog {
  readonly root: Locator;
  readonly sendButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Send this email?' });
    this.sendButton = this.root.getByRole('button', { name: 'Send email' });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel' });
  }

  /** A row of what leaves: 'From', 'To', 'Subject' or 'Attached'. */
  field(text: string | RegExp): Locator {
    return this.root.getByText(text);
  }
}

export type PlanningStep =
  | 'Meeting notes'
  | 'Client profile'
  | 'Gap analysis'
  | 'Action plan'
  | 'Portfolio'
  | 'Send email';

/** /advanced-planning: the stepper and each step's screen. */
export class AdvancedPlanningScreen {
  readonly heading: Locator;
  readonly steps: Locator;
  readonly approval: SendApprovalDialog;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Advanced planning', level: 1 });
    this.steps = page.getByRole('navigation', { name: 'Advanced planning steps' });
    this.approval = new SendApprovalDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/advanced-planning');
    await expect(this.heading).toBeVisible();
  }

  stepButton(name: PlanningStep): Locator {
    return this.steps.getByRole('button', { name, exact: true });
  }

  /** The open step's screen. */
  step(name: PlanningStep): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  async expectOpen(name: PlanningStep): Promise<void> {
    await expect(this.stepButton(name)).toHaveAttribute('aria-current', 'step');
    await expect(this.step(name)).toBeVisible();
  }

  /** Clicks a step's button that runs the model, and waits for the next step to open. */
  async advance(from: PlanningStep, button: string, to: PlanningStep): Promise<void> {
    await this.step(from).getByRole('button', { name: button, exact: true }).click();
    await this.expectOpen(to);
  }

  meeting(title: string): Locator {
    return this.step('Meeting notes').getByRole('radio', { name: new RegExp(title) });
  }

  field(step: PlanningStep, label: string): Locator {
    return this.step(step).getByLabel(label, { exact: true });
  }

  gapCard(category: string): Locator {
    return this.step('Gap analysis').getByRole('listitem', { name: category });
  }

  allocation(assetClass: string): Locator {
    return this.step('Portfolio').getByRole('rowheader', { name: assetClass });
  }

  get pdfPreview(): Locator {
    return this.page.getByTitle('Roadmap PDF preview');
  }

  /** The preview's frame shows the PDF (a blob: URL), not the error page of a refused frame. */
  async expectPdfPreviewLoaded(): Promise<void> {
    const src = await this.pdfPreview.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    await expect
      .poll(() => this.page.frames().map((frame) => frame.url()))
      .toEqual(expect.arrayContaining([src]));
    expect(this.page.frames().map((frame) => frame.url())).not.toContain('chrome-error://chromewebdata/');
  }

  get sent(): Locator {
    return this.step('Send email').getByRole('status').filter({ hasText: 'Sent' });
  }
}

/** /knaps: the user's knaps and the ones to ask for. */
export class KnapsScreen {
  readonly heading: Locator;
  readonly yours: Locator;
  readonly more: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Knaps', level: 1 });
    this.yours = page.getByRole('region', { name: 'Your knaps' });
    this.more = page.getByRole('region', { name: 'More knaps' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/knaps');
    await expect(this.heading).toBeVisible();
  }

  card(tag: string): Locator {
    return this.page.getByRole('listitem', { name: tag, exact: true });
  }

  requestLink(tag: string): Locator {
    return this.more.getByRole('link', { name: `Request access to ${tag}` });
  }
}

/** /request-knap: the request form and the user's past requests. */
export class RequestKnapScreen {
  readonly heading: Locator;
  readonly knap: Locator;
  readonly note: Locator;
  readonly requestButton: Locator;
  readonly error: Locator;
  readonly requests: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Request a knap', level: 1 });
    this.knap = page.getByLabel('Knap', { exact: true });
    this.note = page.getByLabel('Note (optional)');
    this.requestButton = page.getByRole('button', { name: 'Request access' });
    this.error = page.getByRole('alert');
    this.requests = page.getByRole('region', { name: 'Your requests' });
  }

  /** A past request by the knap's tag. */
  request(tag: string): Locator {
    return this.requests.getByRole('listitem').filter({ hasText: tag });
  }
}
