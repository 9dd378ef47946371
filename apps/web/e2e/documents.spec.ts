// Client documents in the conversation (issue 26) in Chromium against the real server and its
// built-in demo model: a statement (a three-page PDF pdfkit writes, with a text layer) attached in
// the composer, a question about it, the reply quoting the page it found and citing it, the
// citation opening the document at that passage, and the chat exported for the client file; a
// statement's figures taken into a financial plan from its document view; an image attached.
import { readFileSync } from 'node:fs';
import { DOCUMENT_PATHS } from '@knap/contracts';
import { createCanvas } from '@napi-rs/canvas';
import { expect, type Page, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { apiAs, registerViaApi, signUpViaApi } from './support/accounts';
import { AssistantScreen } from './support/assistant';
import { ChatPanel, chatSeeder } from './support/chat';
import { FinancialPlanScreen, planReader } from './support/financial-plan';

const FILENAME = 'Henderson Q3 statement.pdf';
const PAGES = [
  'Henderson Family Trust. Quarterly statement for July to September 2026.',
  'Asset allocation at 30 September: equities 62%, bonds 30%, cash 8%. The target is 60/35/5.',
  'Fees charged this quarter: advisory fee 0.25%, fund expenses 0.11%.',
];

function statementPdf(pages = PAGES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pages) doc.addPage().fontSize(11).text(text);
    doc.end();
  });
}

test('attach a statement and ask about it: the reply cites the page, the citation opens it there, and the chat exports', async ({
  page,
}) => {
  test.slow();
  const account = await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: FILENAME,
    mimeType: 'application/pdf',
    buffer: await statementPdf(),
  });
  await expect(page.getByText('Attached', { exact: true })).toBeVisible({ timeout: 20_000 });
  await chat.send('What is the asset allocation?');

  // The message carries the file as a chip; the reply quotes page 2 and cites it.
  const chips = chat.messages.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('link', { name: FILENAME })).toBeVisible();
  const reply = chat.replies.last();
  await expect(reply).toContainText('equities 62%, bonds 30%, cash 8%');
  await chat.expectIdle();
  const citation = reply.getByRole('link', { name: `${FILENAME}, page 2` });
  await expect(citation).toHaveAttribute('href', /^\/documents\/[^?]+\?at=\d+$/);

  // The citation opens the document (in a tab of its own, as reply links do) at that passage.
  const opened = page.waitForEvent('popup');
  await citation.click();
  const view = await opened;
  await expect(view.getByRole('heading', { name: FILENAME })).toBeVisible({ timeout: 20_000 });
  await expect(view.locator(':focus')).toContainText('equities 62%');
  await view.close();

  // Stored with the chat: after a reload the chip and the cited reply are still there.
  await page.reload();
  await expect(chips.getByRole('link', { name: FILENAME })).toBeVisible();
  await expect(chat.replies.last().getByRole('link', { name: `${FILENAME}, page 2` })).toBeVisible();

  // For the client file: the chat's menu exports it as Markdown (the question, the reply and its
  // citation's words) and as PDF.
  const { title } = await chatSeeder(page, account.accessToken).chatOnScreen();
  const panel = new ChatPanel(page);
  await panel.open();
  const markdown = await downloaded(page, () => panel.chooseFromMenu(title, 'Export as Markdown'));
  expect(markdown.name).toMatch(/ — chat — .*\.md$/);
  const text = markdown.bytes.toString('utf8');
  expect(text).toContain('What is the asset allocation?');
  expect(text).toContain('equities 62%, bonds 30%, cash 8%');
  expect(text).toContain(`${FILENAME}, page 2`);
  const pdf = await downloaded(page, () => panel.chooseFromMenu(title, 'Export as PDF'));
  expect(pdf.name).toMatch(/ — chat — .*\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

/** What the browser downloads when `act` is done: its suggested name and its bytes. */
async function downloaded(page: Page, act: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

test('"Use in financial plan" from a document view: Accept fills the plan input', async ({ page }) => {
  test.slow();
  const account = await signUpViaApi(page);
  const name = 'Henderson 401k statement.pdf';
  const uploaded = await page.request.post(DOCUMENT_PATHS.list, {
    headers: { authorization: `Bearer ${account.accessToken}` },
    multipart: {
      file: {
        name,
        mimeType: 'application/pdf',
        buffer: await statementPdf([
          'Henderson Family Trust. 401(k) statement for the third quarter of 2026.',
          'Ending balance: $850,000.00',
        ]),
      },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const { id } = (await uploaded.json()) as { id: string };

  await page.goto(`/documents/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Use in financial plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/financial-plan\\?document=${id}$`));
  const screen = new FinancialPlanScreen(page);
  await page.getByRole('button', { name: 'Start a plan' }).click();
  await screen.fill({ 'Client name': 'Ann Henderson' });

  const review = page.getByRole('region', { name: `From ${name}` });
  await expect(review).toContainText('Investable assets: $850,000.00');
  await expect(review.getByRole('link', { name: `${name}, page 2` })).toBeVisible();
  await review.getByRole('button', { name: 'Accept Investable assets $850,000.00' }).click();
  await expect(screen.field('Investable assets')).toHaveValue('850,000');
  await expect(review.getByText('Accepted', { exact: true })).toBeVisible();
  await screen.expectSaved();
  const [saved] = await planReader(page, account.accessToken).list();
  const plan = await planReader(page, account.accessToken).plan(saved!.id);
  expect(plan.inputs.current_assets).toBe(850_000);
});

test('attach a screenshot: the demo names it, and the document view shows it', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);
  const canvas = createCanvas(240, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#4f46e5';
  ctx.fillRect(40, 40, 160, 80);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Screenshot.png',
    mimeType: 'image/png',
    buffer: await canvas.encode('png'),
  });
  await expect(page.getByText('Attached', { exact: true })).toBeVisible({ timeout: 20_000 });
  await chat.send('What does this screenshot show?');
  await expect(chat.replies.last()).toContainText(
    'I received the image Screenshot.png, but I run offline and cannot look at images',
  );
  await chat.expectIdle();

  const chip = chat.messages.getByRole('list', { name: 'Attached files' }).getByRole('link', {
    name: 'Screenshot.png',
  });
  const href = (await chip.getAttribute('href'))!;
  await page.goto(href);
  const image = page.getByRole('img', { name: 'Screenshot.png' });
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(image).toHaveAttribute('src', /^blob:/);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  // The read is the owner's only: another account's session gets 404 for the file.
  const stranger = await registerViaApi(page.request);
  const theirs = await apiAs(page.request, stranger.accessToken).get(
    DOCUMENT_PATHS.file(href.split('/').pop()!.split('?')[0]!),
  );
  expect(theirs.status()).toBe(404);
});
