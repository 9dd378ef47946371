// The Library against the real server: a saved prompt starts a chat, an uploaded PDF is listed,
// found by search, downloaded and deleted, and the screen fits a phone.
import { LIBRARY_PATHS, PDF_PATHS } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { apiAs, signUpViaApi } from './support/accounts';
import { hasHorizontalScroll } from './support/app';

/** The smallest file the server accepts as a whole PDF. */
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');

test('the library keeps prompts and PDFs: search, download, delete, and a prompt starts a chat', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Your library is empty.')).toBeVisible();

  await page.getByRole('button', { name: 'New prompt' }).click();
  const form = page.getByRole('form', { name: 'New prompt' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Week ahead');
  await form.getByRole('textbox', { name: 'Prompt' }).fill('What meetings do I have this week?');
  await form.getByRole('button', { name: 'Save prompt' }).click();
  await expect(page.getByRole('listitem', { name: 'Week ahead' })).toBeVisible();

  const uploaded = await page.request.post(PDF_PATHS.upload, {
    headers: { authorization: `Bearer ${account.accessToken}` },
    multipart: { file: { name: 'henderson_plan.pdf', mimeType: 'application/pdf', buffer: TINY_PDF } },
  });
  expect(uploaded.ok()).toBe(true);
  await page.reload();
  const pdf = page.getByRole('listitem', { name: 'henderson_plan.pdf' });
  await expect(pdf).toBeVisible();
  await expect(page.getByText('2 items')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the library' }).fill('henderson');
  await expect(page.getByText('1 item')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Week ahead' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await pdf.getByRole('button', { name: 'Download henderson_plan.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('henderson_plan.pdf');

  await pdf.getByRole('button', { name: 'Delete henderson_plan.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  const left = await (await apiAs(page.request, account.accessToken).get(LIBRARY_PATHS.list)).json();
  expect(left.items.map((i: { kind: string }) => i.kind)).toEqual(['prompt']);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('');
  const prompt = page.getByRole('listitem', { name: 'Week ahead' });
  await expect(prompt).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);

  await prompt.getByRole('button', { name: 'Ask the assistant with Week ahead' }).click();
  await expect(page).toHaveURL(/\/chat\?id=/);
  await expect(page.getByRole('heading', { name: 'What meetings do I have this week?' })).toBeVisible();
});
