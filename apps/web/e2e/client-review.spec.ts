// A client review against the real server and its deterministic demo model: from a meeting with
// notes, a review is drafted for its client, a section edited (autosaved, kept on reload), the
// preview read, the PDF exported and downloaded, and the review emailed through the approval
// dialog — with no mail account connected it waits in the outbox — and marked sent; then the
// screens on a phone.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll, saveScreenshot } from './support/app';
import {
  ClientReviewListScreen,
  ClientReviewScreen,
  NewClientReviewScreen,
  overflowingElements,
  reviewReader,
} from './support/client-review';
import { HENDERSON_TRANSCRIPT, knapSeeder } from './support/knaps';

const SENT_TO_OUTBOX = 'No mail account is connected: the email waits in your outbox.';
const ANN = 'ann@henderson.example';
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('a client review: from a meeting with notes to an edited review, its PDF and the approved email', async ({
  page,
}) => {
  // A long walk through a whole workflow: past 30 s on a busy two-core machine.
  test.slow();
  const account = await signUpViaApi(page);
  const seed = knapSeeder(page, account.accessToken);
  const reviews = reviewReader(page, account.accessToken);
  await seed.meetingWithNotes('Henderson annual review', ANN, HENDERSON_TRANSCRIPT);

  const list = new ClientReviewListScreen(page);
  await list.goto();
  await expect(page.getByText('No client reviews yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New review' }).click();

  const form = new NewClientReviewScreen(page);
  await expect(form.heading).toBeVisible();
  await expect(form.field('Client')).toHaveValue(ANN);
  await expect(form.field('Client').locator('option:checked')).toHaveText(
    new RegExp(`^Ann Henderson — ${ANN} · last met \\d{4}-\\d{2}-\\d{2}$`),
  );
  await form.field('Review period').selectOption('custom');
  await form.field('Period name').fill('Henderson year-end review');
  await form.field('From').fill(isoDay(30));
  await form.field('To').fill(isoDay(-1));
  await form.draft();

  const screen = new ClientReviewScreen(page);
  await expect(screen.heading('Ann Henderson')).toBeVisible();
  await expect(page).toHaveURL(/\/client-review\/[^/]+$/);
  const id = screen.idFromUrl();
  await expect(page.getByText(/^Drafted from 1 meeting \(Henderson annual review, /)).toBeVisible();
  await expect(screen.section('Summary')).toHaveValue(/\*\*Henderson annual review\*\*/);
  await expect(screen.section('Summary')).toHaveValue(/My 401\(k\) has \$850,000/);
  await expect(screen.section('Next steps')).toHaveValue(
    /I will send the plan next week\. \(Avery Advisor\)/,
  );

  // An edit is saved as typed, and is there after a reload.
  const recommendations = screen.section('Recommendations');
  await recommendations.fill(`${await recommendations.inputValue()}\n- Meet the estate attorney in January`);
  await screen.expectSaved();
  await page.reload();
  await expect(screen.section('Recommendations')).toHaveValue(/- Meet the estate attorney in January$/);
  expect((await reviews.review(id)).sections.recommendations).toMatch(/Meet the estate attorney in January$/);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(screen.preview.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  await expect(
    screen.preview.getByRole('listitem').filter({ hasText: 'Meet the estate attorney in January' }),
  ).toBeVisible();

  await screen.sendPanel.getByRole('button', { name: 'Export PDF' }).click();
  const downloadButton = screen.sendPanel.getByRole('button', {
    name: 'Download client_review_ann_henderson.pdf',
  });
  await expect(downloadButton).toBeVisible();
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('client_review_ann_henderson.pdf');
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The email goes only through the approval dialog, with the review's PDF attached.
  await expect(screen.sendPanel.getByLabel('To', { exact: true })).toHaveValue(ANN);
  await screen.sendPanel.getByRole('button', { name: 'Review and send…' }).click();
  await expect(screen.approval.root).toBeVisible();
  await expect(screen.approval.field('Your outbox (no mail account connected)')).toBeVisible();
  await expect(
    screen.approval.root.getByText('Your Henderson year-end review', { exact: true }),
  ).toBeVisible();
  await expect(screen.approval.field('client_review_ann_henderson.pdf')).toBeVisible();
  await saveScreenshot(page, 'client-review-approval');
  await screen.approval.sendButton.click();
  await expect(screen.sendPanel.getByRole('status')).toContainText(SENT_TO_OUTBOX);
  await expect(screen.sendPanel.getByRole('status')).toContainText(`Sent to ${ANN}`);

  const [mail] = await seed.outbox();
  expect(mail).toMatchObject({
    to: ANN,
    subject: 'Your Henderson year-end review',
    attachment_filename: 'client_review_ann_henderson.pdf',
  });
  expect(await reviews.review(id)).toMatchObject({ status: 'sent', sent_to: ANN, delivered_to: 'outbox' });

  await page.getByRole('button', { name: 'Edit' }).click();
  await saveScreenshot(page, 'client-review-desktop');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(screen.section('Summary')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await saveScreenshot(page, 'client-review-375');

  await list.goto();
  await expect(list.review('Ann Henderson')).toContainText('Henderson year-end review');
  await expect(list.review('Ann Henderson')).toContainText('Sent');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await saveScreenshot(page, 'client-review-list-375');
  await page.goto('/client-review/new');
  await expect(form.field('Client')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await saveScreenshot(page, 'client-review-new-375');
});
