// Tool results and approvals as an advisor reads them (issue 25), in Chromium against the real
// server and its built-in demo model: a future-value question answers with a card of money
// figures and a year-by-year table, and an email approval edited before Approve sends the edit.
import { EMAIL_PATHS, type TOutboxEmail } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { apiAs, signUpViaApi } from './support/accounts';
import { hasHorizontalScroll } from './support/app';
import { AssistantScreen } from './support/assistant';

// A model reply can take a while on a busy machine: the first sight of each card waits longer.
const REPLY_TIMEOUT = { timeout: 30_000 };

test('a future-value question answers with a money-formatted card', async ({ page }) => {
  test.slow();
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('What is the future value of $500/month at 6% for 20 years?');

  const card = chat.messages.getByRole('region', { name: 'Future value result' });
  await expect(card).toBeVisible(REPLY_TIMEOUT);
  // $500 a month for 240 months at 0.5% a month.
  await expect(card.getByText('$231,020.45')).toBeVisible();
  await expect(card.getByText('$500.00')).toBeVisible();
  await expect(card.getByText('6%', { exact: true })).toBeVisible();
  const table = card.getByRole('table', { name: 'Year by year' });
  await expect(table.getByRole('row')).toHaveCount(13); // the header and the first 12 years
  await expect(card.getByText('8 more rows in the details')).toBeVisible();
  await expect(chat.messages.getByText('That grows to about $231,020.45', { exact: false })).toBeVisible();
  // No JSON in the reply: it is behind Show details.
  await expect(card.locator('pre')).toBeHidden();
  await card.getByText('Show details').click();
  await expect(card.locator('pre')).toContainText('"futureValue": 231020.45');
  await chat.expectIdle();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('an email approval edited, then approved, sends the edit', async ({ page }) => {
  // Two runs of the model (the draft, then the send after approval) and three edits.
  test.slow();
  const account = await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('Draft an email about the Q3 portfolio review to anna@example.com');

  const card = chat.approvalCard();
  await expect(card.getByLabel('Subject')).toHaveValue('The Q3 portfolio review', REPLY_TIMEOUT);
  // The whole card is in view, Approve and Deny above the composer.
  await expect(card.getByRole('button', { name: 'Deny' })).toBeInViewport();
  await chat.expectIdle();

  await card.getByLabel('To').fill('ann.henderson@example.com');
  await card.getByLabel('Subject').fill('Your Q3 review, as promised');
  await card.getByLabel('Body').fill('Hi Ann,\n\nHere is the summary of our Q3 review.\n\nBest');
  await card.getByRole('button', { name: 'Approve' }).click();

  await expect(
    chat.messages.getByText('The email to ann.henderson@example.com is in your outbox', { exact: false }),
  ).toBeVisible(REPLY_TIMEOUT);
  await expect(card.getByText('Edited', { exact: true })).toBeVisible();
  await expect(card.getByRole('definition').first()).toHaveText('ann.henderson@example.com');

  const outbox = (await (
    await apiAs(page.request, account.accessToken).get(EMAIL_PATHS.outbox)
  ).json()) as TOutboxEmail[];
  expect(outbox).toHaveLength(1);
  expect(outbox[0]).toMatchObject({
    to: 'ann.henderson@example.com',
    subject: 'Your Q3 review, as promised',
    body: 'Hi Ann,\n\nHere is the summary of our Q3 review.\n\nBest',
  });
});
