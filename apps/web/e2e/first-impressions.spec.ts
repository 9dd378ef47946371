// First impressions against the real server and its deterministic demo model: a meeting with notes
// for a prospect is seeded, the advisor enters the prospect's email, sees the briefing and the
// questions naming that meeting, edits a question (autosaved, kept on reload), exports the PDF and
// downloads it; then the screen on a phone.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll, saveScreenshot } from './support/app';
import { overflowingElements } from './support/client-review';
import { briefingReader, FirstImpressionsScreen } from './support/first-impressions';
import { HENDERSON_TRANSCRIPT, knapSeeder } from './support/knaps';

const ANN = 'ann@henderson.example';
const MEETING = 'Henderson intro call';
const EDITED = 'What would a good retirement look like for you and your daughter?';

test('first impressions: from a prospect’s email to a briefing naming their meeting, an edited question and the PDF', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  const seed = knapSeeder(page, account.accessToken);
  const briefings = briefingReader(page, account.accessToken);
  await seed.meetingWithNotes(MEETING, ANN, HENDERSON_TRANSCRIPT);

  const screen = new FirstImpressionsScreen(page);
  await screen.goto();
  await expect(page.getByText('No briefings yet.')).toBeVisible();
  await screen.field('Email').fill(ANN);
  await screen.prepare();

  await expect(screen.prospectHeading(ANN)).toBeVisible();
  await expect(page).toHaveURL(/\/first-impressions\?id=[^&]+$/);
  const id = screen.idFromUrl();
  await expect(screen.sources.getByRole('link', { name: MEETING })).toBeVisible();
  await expect(screen.sources).toContainText('with notes');
  await expect(screen.briefing.getByRole('heading', { name: 'What we know' })).toBeVisible();
  await expect(screen.briefing).toContainText(`You met in ${MEETING}`);
  await expect(screen.briefing).toContainText(`Meeting: ${MEETING}`);
  await expect(screen.briefing).toContainText('My 401(k) has $850,000');
  await expect(screen.question(1)).toHaveValue(
    new RegExp(`^Since we spoke in “${MEETING}” on \\d{4}-\\d{2}-\\d{2}, what has changed for you\\?$`),
  );
  const count = await screen.questions.getByRole('textbox').count();
  expect(count).toBeGreaterThanOrEqual(5);
  expect(count).toBeLessThanOrEqual(8);
  await expect(screen.savedList.getByRole('link')).toContainText(ANN);

  // An edited question is saved as typed, and is there after a reload.
  await screen.question(2).fill(EDITED);
  await screen.expectSaved();
  await page.reload();
  await expect(screen.question(2)).toHaveValue(EDITED);
  await expect(screen.question(1)).toHaveValue(new RegExp(MEETING));
  expect((await briefings.briefing(id)).questions[1]).toBe(EDITED);

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const downloadButton = page.getByRole('button', { name: 'Download briefing_ann.pdf' });
  await expect(downloadButton).toBeVisible();
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('briefing_ann.pdf');
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await saveScreenshot(page, 'first-impressions-desktop');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(screen.question(2)).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await saveScreenshot(page, 'first-impressions-375');
});
