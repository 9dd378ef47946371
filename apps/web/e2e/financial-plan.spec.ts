// The financial plan against the real server and its deterministic demo model: a plan made from the
// empty state, its inputs autosaved and kept on reload, the projection drawn and in figures, the
// narrative drafted, the PDF exported and downloaded, and the screen on a phone.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll, saveScreenshot } from './support/app';
import { FinancialPlanScreen, planReader } from './support/financial-plan';

test('a financial plan: inputs to chart, narrative and PDF', async ({ page }) => {
  // A long walk through a whole workflow: past 30 s on a busy two-core machine.
  test.slow();
  const account = await signUpViaApi(page);
  const plans = planReader(page, account.accessToken);
  const year = new Date().getUTCFullYear();
  const screen = new FinancialPlanScreen(page);
  await screen.goto();
  await expect(page.getByText('No plans yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Start a plan' }).click();
  await expect(screen.field('Client name')).toBeFocused();
  // 100,000 at 5% for 10 years: 162,889.46 at 65.
  await screen.fill({
    'Client name': 'Ann Henderson',
    "Client's age": '55',
    "Partner's age": '57',
    'Retirement age': '65',
    'Life expectancy': '90',
    'Annual income': '180,000',
    'Investable assets': '100,000',
    'Expected return (%)': '5',
    'Inflation (%)': '0',
  });
  await screen.addGoal('Lake house', '20,000', String(year + 14));
  await screen.expectSaved();

  await expect(screen.chart).toHaveAttribute(
    'aria-label',
    new RegExp(`\\$162,889 at retirement in ${year + 10} \\(age 65\\).* 1 goal marked\\.$`),
  );
  await expect(screen.figure('Assets at retirement')).toHaveText('$162,889');
  await expect(screen.plan('Ann Henderson')).toHaveAttribute('aria-current', 'page');
  const [summary] = await plans.list();
  expect(summary).toMatchObject({ client_name: 'Ann Henderson', client_age: 55, retirement_age: 65 });

  await screen.narrative.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(screen.narrativePreview.getByRole('heading', { name: 'Retirement' })).toBeVisible();
  await expect(screen.narrativePreview).toContainText(`Ann Henderson is 55 (partner 57) in ${year}`);
  await expect(screen.narrativePreview).toContainText('Lake house');

  // The advisor's edit is saved, and everything is there after a reload.
  await screen.narrative.getByRole('button', { name: 'Edit' }).click();
  const text = screen.narrative.getByRole('textbox', { name: 'Narrative text' });
  await text.fill(`${await text.inputValue()}\n\nWe meet again in the spring.`);
  await screen.expectSaved();
  await page.reload();
  await expect(screen.field('Client name')).toHaveValue('Ann Henderson');
  await expect(screen.field('Investable assets')).toHaveValue('100,000');
  await expect(screen.goal(1).getByRole('textbox', { name: 'Goal' })).toHaveValue('Lake house');
  await expect(screen.narrativePreview).toContainText('We meet again in the spring.');
  const saved = await plans.plan(summary!.id);
  expect(saved.projection.assets_at_retirement).toBe(162_889.46);

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const link = page.getByRole('button', { name: 'Download financial_plan_ann_henderson.pdf' });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('financial_plan_ann_henderson.pdf');
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await screen.heading.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'financial-plan-desktop');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(screen.chart).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await screen.heading.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'financial-plan-375');
  await screen.goal(1).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'financial-plan-375-goals');
});
