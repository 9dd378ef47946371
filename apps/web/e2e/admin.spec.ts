// The admin console against the real server: an admin who verified their address and claimed its
// domain invites a colleague, who joins by the mailed link; the admin manages a colleague's credits and knaps, read the colleague's chat (audited), see usage,
// export the audit trail, require review of client email and approve a held email, and place and
// release a legal hold. A member who is not an admin finds no admin console at all.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ADMIN_PATHS, EMAIL_PATHS } from '@knap/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, joinFirm, registerViaApi, signUpViaApi, type TestAccount } from './support/accounts';
import { hasHorizontalScroll } from './support/app';

/** Two accounts on one email domain; joinFirm makes the first the admin and invites the second. */
function firm() {
  const domain = `harbor-${randomUUID().slice(0, 8)}.example`;
  const account = (local: string, name: string): TestAccount => ({
    email: `${local}@${domain}`,
    password: 'e2e password 123',
    name,
  });
  return { admin: account('ada', 'Ada Admin'), advisor: account('bo', 'Bo Advisor') };
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
};

test('an admin manages a member, reads their chat on the record, sees usage and exports the audit trail', async ({
  page,
  request,
  browser,
}) => {
  // A long walk through five screens: past 30 s on a busy two-core machine (45 s measured).
  test.slow();
  const { admin, advisor } = firm();
  const ada = await signUpViaApi(page, admin);
  const bo = await registerViaApi(request, advisor);
  await joinFirm(request, ada, bo);
  const boApi = apiAs(request, bo.accessToken);
  const chat = await (
    await boApi.post('/api/chat/chats', { title: 'Henderson estate', initial_message: 'trust' })
  ).json();
  await boApi.post(`/api/chat/chats/${chat.id}/messages`, {
    role: 'user',
    content: 'Should the Hendersons fund the trust now?',
  });
  await boApi.post(`/api/chat/chats/${chat.id}/messages`, {
    role: 'assistant',
    content: 'Yes: **fund it this year**.',
  });

  // The account dialog leads admins to the console.
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Open the admin console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  await expect(page.getByText(admin.email.split('@')[1]!, { exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: advisor.email });
  await expect(row).toContainText('Bo Advisor');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('bo@');
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toHaveCount(0);
  await row.getByRole('button', { name: 'Manage Bo Advisor' }).click();

  const dialog = page.getByRole('dialog', { name: 'Manage Bo Advisor' });
  const balance = Number((await dialog.getByText(/^Balance: /).textContent())!.replace(/\D/g, ''));
  await dialog.getByRole('textbox', { name: 'Change' }).fill('50');
  await dialog.getByRole('button', { name: 'Change credits' }).click();
  await expect(dialog.getByText('Say why: it is kept in their credit history')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Pilot bonus');
  await dialog.getByRole('button', { name: 'Change credits' }).click();
  await expect(dialog.getByText(`Balance: ${(balance + 50).toLocaleString('en-US')} credits`)).toBeVisible();
  const ledger = await (await boApi.get('/api/credits/ledger')).json();
  expect(
    ledger.some(
      (e: { delta: number; reason: string }) => e.delta === 50 && e.reason.startsWith('Pilot bonus'),
    ),
  ).toBe(true);

  const advanced = dialog.getByRole('switch', { name: 'Advanced Planning' });
  await expect(advanced).toBeChecked();
  await advanced.click();
  await expect(advanced).not.toBeChecked();
  const knaps = await (await boApi.get('/api/studio/knap/')).json();
  expect(knaps.map((k: { name: string }) => k.name)).not.toContain('advancedPlanning');

  // The member's chat, read-only; the view is in the audit trail.
  await dialog.getByRole('link', { name: 'Henderson estate' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/chat/${chat.id}$`));
  await expect(page.getByRole('heading', { name: 'Henderson estate' })).toBeVisible();
  await expect(page.getByText('Should the Hendersons fund the trust now?')).toBeVisible();
  await expect(page.getByText('fund it this year')).toBeVisible();
  // Posted through the messages API, not written by the assistant: the view says so.
  await expect(
    page.getByRole('listitem', { name: 'Assistant message' }).getByText("Written by the member's app"),
  ).toBeVisible();
  await expect(page.getByText(/recorded in your organization's audit trail/)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to admin' }).click();

  await openTab(page, 'Usage');
  await expect(page.getByRole('img', { name: /^Chats started: 1 over 12 weeks/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Assistant replies: 1 over 12 weeks/ })).toBeVisible();

  await openTab(page, 'Organization');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export audit trail' }).click();
  const file = await (await downloading).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('seq,at,user_id,actor,action,target,details,prev_hash,hash');
  expect(csv).toContain('admin.chat_viewed');
  expect(csv).toContain('credits.adjusted');

  // At phone width the console fits: the tables and tabs scroll inside themselves.
  await page.setViewportSize({ width: 375, height: 800 });
  await openTab(page, 'Members');
  await expect(page.getByRole('row').filter({ hasText: advisor.email })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);

  // Bo is a member, not an admin: no console, and the API answers 404.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  await boPage.request.post('/api/authentication/login', {
    data: { email: advisor.email, password: advisor.password },
  });
  await boPage.goto('/admin');
  await expect(boPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await boPage.goto(`/admin/chat/${chat.id}`);
  await expect(boPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await boApi.get(ADMIN_PATHS.members)).status()).toBe(404);
  await boContext.close();
});

test('supervision: with review required, a client email waits for an admin; legal holds are placed and released', async ({
  page,
  request,
}) => {
  const { admin, advisor } = firm();
  const ada = await signUpViaApi(page, admin);
  const bo = await registerViaApi(request, advisor);
  await joinFirm(request, ada, bo);
  const boApi = apiAs(request, bo.accessToken);

  await page.goto('/admin?tab=retention');
  const review = page.getByRole('switch', { name: 'Review client email before it is sent' });
  await expect(review).not.toBeChecked();
  await review.click();
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText(/Last changed by/)).toBeVisible();

  const sent = await request.post(EMAIL_PATHS.send, {
    headers: { authorization: `Bearer ${bo.accessToken}` },
    multipart: {
      to: 'ann@henderson.example',
      subject: 'Your 2027 plan',
      body: 'Hi Ann, here is the plan we discussed.',
      connection_type: 'Gmail',
    },
  });
  expect((await sent.json()).delivered_to).toBe('review');
  expect(await (await boApi.get(EMAIL_PATHS.outbox)).json()).toEqual([]);

  await openTab(page, 'Review queue');
  const card = page.getByRole('listitem', { name: 'Your 2027 plan' });
  await expect(card).toContainText('ann@henderson.example');
  await card.getByRole('button', { name: 'Approve and send' }).click();
  await page.getByRole('button', { name: 'Approved', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Your 2027 plan' })).toContainText(
    `Approved by ${admin.email}`,
  );
  const outbox = await (await boApi.get(EMAIL_PATHS.outbox)).json();
  expect(outbox.map((e: { subject: string }) => e.subject)).toEqual(['Your 2027 plan']);

  await openTab(page, 'Retention');
  const holds = page.getByRole('region', { name: 'Legal holds' });
  await expect(holds.getByText('No member is on legal hold.')).toBeVisible();
  await holds
    .getByRole('combobox', { name: 'Member' })
    .selectOption({ label: `Bo Advisor (${advisor.email})` });
  await holds.getByRole('textbox', { name: 'Reason' }).fill('Matter 2026-114');
  await holds.getByRole('button', { name: 'Place hold' }).click();
  await expect(holds).toContainText('Matter 2026-114');
  const chat = await (await boApi.post('/api/chat/chats', { title: 'Kept', initial_message: 'x' })).json();
  expect((await boApi.delete(`/api/chat/chats/${chat.id}`)).status()).toBe(409);
  await holds.getByRole('button', { name: /Release/ }).click();
  await expect(holds.getByText('No member is on legal hold.')).toBeVisible();
  expect((await boApi.delete(`/api/chat/chats/${chat.id}`)).status()).toBe(200);
});
