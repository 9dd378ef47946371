// Client documents in the conversation (issue 26) in Chromium against the real server and its
// built-in demo model: a statement (a three-page PDF pdfkit writes, with a text layer) attached in
// the composer, a question about it, the reply quoting the page it found and citing it, and the
// citation opening the document at that passage.
import { expect, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { signUpViaApi } from './support/accounts';
import { AssistantScreen } from './support/assistant';

const FILENAME = 'Henderson Q3 statement.pdf';
const PAGES = [
  'Henderson Family Trust. Quarterly statement for July to September 2026.',
  'Asset allocation at 30 September: equities 62%, bonds 30%, cash 8%. The target is 60/35/5.',
  'Fees charged this quarter: advisory fee 0.25%, fund expenses 0.11%.',
];

function statementPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of PAGES) doc.addPage().fontSize(11).text(text);
    doc.end();
  });
}

test('attach a statement and ask about it: the reply cites the page, and the citation opens it there', async ({
  page,
}) => {
  await signUpViaApi(page);
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
});
