// Page object for /first-impressions, named by what a user sees, plus reading briefings through the API.
import { FIRST_IMPRESSIONS_PATHS, type TBriefing } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

export class FirstImpressionsScreen {
  readonly heading: Locator;
  readonly form: Locator;
  readonly savedList: Locator;
  readonly sources: Locator;
  readonly briefing: Locator;
  readonly questions: Locator;
  readonly saveStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'First impressions', level: 1 });
    this.form = page.getByRole('form', { name: 'Prepare for a first meeting' });
    this.savedList = page.getByRole('list', { name: 'Saved briefings' });
    this.sources = page.getByRole('region', { name: 'Sources found' });
    this.briefing = page.getByRole('article', { name: 'Briefing' });
    this.questions = page.getByRole('list', { name: 'Questions' });
    this.saveStatus = page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|Not saved/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/first-impressions');
    await expect(this.heading).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async prepare(): Promise<void> {
    await this.form.getByRole('button', { name: 'Prepare briefing' }).click();
  }

  prospectHeading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 2 });
  }

  question(n: number): Locator {
    return this.questions.getByRole('textbox', { name: `Question ${n}`, exact: true });
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveText('All changes saved');
  }

  /** The open briefing's id, from the address. */
  idFromUrl(): string {
    return new URL(this.page.url()).searchParams.get('id') ?? '';
  }
}

/** The account's briefings as the server has them. */
export function briefingReader(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async briefing(id: string): Promise<TBriefing> {
      const res = await api.get(FIRST_IMPRESSIONS_PATHS.briefing(id));
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TBriefing;
    },
  };
}
