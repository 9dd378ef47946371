// Page object for /financial-plan, named by what a user sees, plus reading plans through the API.
import { FINANCIAL_PLAN_PATHS, type TFinancialPlan, type TFinancialPlanSummary } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

export class FinancialPlanScreen {
  readonly heading: Locator;
  readonly inputs: Locator;
  readonly chart: Locator;
  readonly saveStatus: Locator;
  readonly narrative: Locator;
  readonly narrativePreview: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Financial plan', level: 1 });
    this.inputs = page.getByRole('form', { name: 'Plan inputs' });
    this.chart = page.getByRole('img', { name: /^Projected assets for / });
    this.saveStatus = page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|Not saved/ });
    this.narrative = page.getByRole('region', { name: 'Narrative' });
    this.narrativePreview = page.getByRole('article', { name: 'Narrative preview' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/financial-plan');
    await expect(this.heading).toBeVisible();
  }

  field(label: string): Locator {
    return this.inputs.getByRole('textbox', { name: label, exact: true });
  }

  /** Fills the fields, label → value, in order. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  goal(n: number): Locator {
    return this.inputs.getByRole('group', { name: `Goal ${n}` });
  }

  async addGoal(name: string, amount: string, year: string): Promise<void> {
    await this.inputs.getByRole('button', { name: 'Add goal' }).click();
    const goal = this.goal(await this.inputs.getByRole('group', { name: /^Goal \d+$/ }).count());
    await goal.getByRole('textbox', { name: 'Goal' }).fill(name);
    await goal.getByRole('textbox', { name: 'Amount today' }).fill(amount);
    await goal.getByRole('textbox', { name: 'Year' }).fill(year);
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveText('All changes saved');
  }

  /** A headline figure's value, e.g. figure('Assets at retirement'). */
  figure(label: string): Locator {
    return this.page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  plan(clientName: string): Locator {
    return this.page
      .getByRole('navigation', { name: 'Plans' })
      .getByRole('link', { name: new RegExp(clientName) });
  }
}

/** The account's plans as the server has them. */
export function planReader(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async list(): Promise<TFinancialPlanSummary[]> {
      const res = await api.get(FINANCIAL_PLAN_PATHS.list);
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TFinancialPlanSummary[];
    },
    async plan(id: string): Promise<TFinancialPlan> {
      const res = await api.get(FINANCIAL_PLAN_PATHS.plan(id));
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TFinancialPlan;
    },
  };
}
