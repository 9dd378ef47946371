// Newsletters against the real server and its deterministic demo model. e2e connects no CRM, so the
// clients (and segments) are the people the advisor met: meetings are seeded through the API.
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll, saveScreenshot } from './support/app';
import { NewsletterScreen, newsletterSeeder } from './support/newsletter';

test('a newsletter on two topics: drafted, edited, previewed, approved and sent to a segment', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  const seed = newsletterSeeder(page, account.accessToken);
  await seed.metClient('Ann Henderson', 'ann@henderson.example', 3);
  await seed.metClient('Bob Li', 'bob@li.example', 10);
  await seed.metClient('Cara Ng', 'cara@ng.example', 200);

  const screen = new NewsletterScreen(page, '/newsletter-generator');
  await screen.goto();
  await expect(page.getByText('No newsletters yet.')).toBeVisible();
  await saveScreenshot(page, 'newsletter-new');
  await screen.topic('Market update').click();
  await screen.topic('Retirement').click();
  await expect(screen.topic('Retirement')).toHaveAttribute('aria-pressed', 'true');
  await screen.field('Tone').selectOption({ label: 'Professional' });
  await screen.field('Length').selectOption('short');
  await screen.button('Draft newsletter').click();

  await expect(page).toHaveURL(/\?newsletter=/);
  await expect(screen.subject).toHaveValue('Market update, Retirement and more');
  await expect(screen.body).toHaveValue(/## Markets: staying the course/);
  await expect(screen.body).toHaveValue(/## Retirement: checking you are on track/);
  await expect(screen.item('Market update, Retirement and more')).toHaveAttribute('aria-current', 'page');

  // The advisor's edits are saved as typed, and there after a reload.
  await screen.subject.fill('June letter for {{first_name}}');
  await screen.body.fill(`${await screen.body.inputValue()}\n\nP.S. Our office is closed on **July 3**.`);
  await screen.expectSaved();
  await page.reload();
  await expect(screen.subject).toHaveValue('June letter for {{first_name}}');
  await expect(screen.body).toHaveValue(/P\.S\. Our office is closed/);

  // The preview renders the Markdown as the email will look.
  await screen.button('Preview').click();
  await expect(screen.preview.getByRole('heading', { name: 'Markets: staying the course' })).toBeVisible();
  await expect(screen.preview).toContainText('Hi Ann,');
  await expect(screen.preview).toContainText('June letter for Ann');
  await expect(screen.preview.locator('strong', { hasText: 'July 3' })).toBeVisible();
  await saveScreenshot(page, 'newsletter-preview');

  // The approval step: a segment, its count and list, one left out by hand and put back.
  await screen.button('Send to clients…').click();
  const approval = screen.approval;
  await expect(approval.root).toBeVisible();
  await expect(approval.count).toHaveText('3 recipients');
  await approval.segment.selectOption({ label: 'Met in the last 90 days (2)' });
  await expect(approval.count).toHaveText('2 recipients');
  await expect(approval.recipients.getByRole('listitem')).toHaveCount(2);
  await expect(approval.recipient('Cara Ng')).toHaveCount(0);
  await approval.recipient('Bob Li').uncheck();
  await expect(approval.count).toHaveText('1 recipient');
  await approval.recipient('Bob Li').check();
  await expect(approval.email).toContainText('Hi Ann,');
  await expect(approval.email).toContainText('Markets: staying the course\n---');
  await expect(approval.root).toContainText('June letter for Ann');
  await saveScreenshot(page, 'newsletter-approval');
  await approval.sendButton(2).click();
  await expect(approval.root).toBeHidden();

  // The server answers at once and sends in the background (the newsletters.send job, started right
  // away); the page reads the newsletter again while it is sending, then shows the report.
  await expect(screen.lastSend).toContainText('2 emails in your outbox');
  await expect(screen.sending).toHaveCount(0);
  await expect(screen.button('Send to clients…')).toBeEnabled();
  await expect(screen.lastSend).toContainText('Ann Henderson');
  await expect(screen.lastSend).toContainText('Bob Li');
  const outbox = await seed.outbox();
  expect(outbox.map((m) => [m.to, m.subject]).sort()).toEqual([
    ['ann@henderson.example', 'June letter for Ann'],
    ['bob@li.example', 'June letter for Bob'],
  ]);
  const ann = outbox.find((m) => m.to === 'ann@henderson.example')!;
  expect(ann.body).toMatch(/^Hi Ann,/);
  expect(ann.body).toContain('P.S. Our office is closed on July 3.');
  const [summary] = await seed.newsletters();
  expect(summary).toMatchObject({ status: 'sent', sent_count: 2 });
  await expect(screen.item(/June letter/)).toContainText('Sent to 2 clients');
  await saveScreenshot(page, 'newsletter-sent');

  await screen.button('Export PDF').click();
  await expect(page.getByText(/^newsletter_\d{4}-\d{2}-\d{2}\.pdf is ready/)).toBeVisible();
});

test('a quarterly edition from the template, on a phone, deleted with a confirm', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page);
  const screen = new NewsletterScreen(page, '/quarterly-newsletter');
  await screen.goto();
  await saveScreenshot(page, 'quarterly-newsletter-new-phone');
  await screen.field('Quarter').selectOption({ index: 2 });
  const quarter = await screen.field('Quarter').inputValue();
  await screen.field('Figures for the quarter (optional)').fill('S&P 500: +4.2%\nBonds: +1.1%');
  await screen.field('Firm news (optional)').fill('We welcome Priya Shah to the team.');
  await screen.button('Draft commentary').click();

  await expect(screen.subject).toHaveValue(`Your ${quarter} market commentary`);
  await screen.button('Preview').click();
  for (const section of ['Market recap', 'Outlook', 'Planning tip of the quarter', 'Firm news'])
    await expect(screen.preview.getByRole('heading', { name: section })).toBeVisible();
  await expect(screen.preview.getByRole('listitem').filter({ hasText: 'S&P 500: +4.2%' })).toBeVisible();
  await expect(screen.preview).toContainText('We welcome Priya Shah to the team.');
  // No clients yet: a sample name shows where each client's first name goes.
  await expect(screen.preview).toContainText('Hi Alex,');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'quarterly-newsletter-phone');

  // No clients yet: the approval step says where clients come from, and cannot send.
  await screen.button('Send to clients…').click();
  await expect(screen.approval.root).toContainText('No clients with an email yet');
  await expect(screen.approval.sendButton(0)).toBeDisabled();
  await screen.approval.root.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete “Your ${quarter} market commentary”` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete “Your ${quarter} market commentary”?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No editions yet.')).toBeVisible();
  await expect(screen.newForm).toBeVisible();
});
