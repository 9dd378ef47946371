// Trust boundaries (issue 21) in the browser: a new account proves its address with the link it is
// mailed, and joins a colleague's organization only by the invitation they send.
import { expect, test } from '@playwright/test';
import { mailedLink, mailTo, newAccount, signUpViaApi, verifyViaApi } from './support/accounts';
import { AppShell, CHAT_URL, SignInPage } from './support/app';

test('sign up, verify by the mailed link, and join a colleague’s organization by invitation', async ({
  page,
  browser,
}) => {
  const domain = `firm-${Date.now().toString(36)}.example`;
  // Ada runs the firm: verified, with its domain claimed.
  const adaContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adaPage = await adaContext.newPage();
  const ada = await signUpViaApi(adaPage, { ...newAccount('Ada Admin'), email: `ada@${domain}` });
  await verifyViaApi(adaPage.request, ada);
  expect(
    (
      await adaPage.request.put('/api/admin/organization/domain', {
        headers: { authorization: `Bearer ${ada.accessToken}` },
        data: { auto_join: false },
      })
    ).ok(),
  ).toBe(true);

  // Bo signs up in the browser: unverified, in a workspace of his own, told to verify.
  const bo = { ...newAccount('Bo Advisor'), email: `bo@${domain}` };
  const signIn = new SignInPage(page);
  await page.goto('/signin');
  await signIn.createAccount(bo);
  await expect(page).toHaveURL(CHAT_URL);
  const banner = page.getByRole('region', { name: 'Verify your email' });
  await expect(banner).toContainText(`open the link we sent to ${bo.email}`);
  expect((await mailTo(bo.email)).map((m) => m.subject)).toContain('Verify your email for Knap Studio');

  // The mailed link, opened in his browser, proves the address.
  await page.goto(await mailedLink(bo.email, '/verify-email'));
  await expect(page.getByRole('status').filter({ hasText: 'is verified' })).toContainText(
    `${bo.email} is verified.`,
  );
  expect(page.url()).not.toContain('token=');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(banner).toHaveCount(0);

  // Ada invites him from the admin console.
  await adaPage.goto('/admin');
  const invite = adaPage.getByRole('region', { name: 'Invite a colleague' });
  await invite.getByRole('textbox', { name: 'Email address' }).fill(bo.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(adaPage.getByRole('list', { name: 'Pending invitations' })).toContainText(bo.email);

  // Bo follows the invitation and joins.
  await page.goto(await mailedLink(bo.email, '/invitation'));
  await expect(page.getByText(`${ada.email} invited ${bo.email} to join ${domain}`)).toBeVisible();
  await page.getByRole('button', { name: `Join ${domain}` }).click();
  await expect(page).toHaveURL(CHAT_URL);

  await adaPage.goto('/admin');
  await expect(adaPage.getByRole('row').filter({ hasText: bo.email })).toContainText('Bo Advisor');
  await expect(adaPage.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  await new AppShell(page).expectMainMenu();
  await adaContext.close();
});

test('Microsoft sign-in is finished by the server: no provider token in any address the browser visits', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(frame.url()));
  await page.goto('/signin');
  await page.getByRole('button', { name: /Microsoft/ }).click();
  await expect(page).toHaveURL(CHAT_URL);
  await expect(new AppShell(page).signedInAs('advisor@outlook.example')).toBeVisible();
  expect(visited.some((url) => url.includes('/auth/callback'))).toBe(true);
  expect(visited.filter((url) => /access_token|fake-at-/.test(url))).toEqual([]);
});

test('a sign-in callback link opened in another browser signs that browser in as nobody', async ({
  page,
  browser,
}) => {
  // The attacker's own sign-in, stopped at the provider's redirect back to us: its address is the
  // link the attacker would send.
  const start = await page.request.get('/api/microsoft/auth/signin/start?mode=normal&return_to=/chat', {
    maxRedirects: 0,
  });
  const authorize = await page.request.get(start.headers().location!, { maxRedirects: 0 });
  const callback = authorize.headers().location!;
  expect(callback).toContain('/api/microsoft/auth/signin/callback?');
  expect(callback).toContain('code=');

  // The victim opens it.
  const victim = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const victimPage = await victim.newPage();
  await victimPage.goto(callback);
  await expect(victimPage.getByRole('alert')).toHaveText(
    'This sign-in was started in another browser or has expired. Please sign in again.',
  );
  await victimPage.goto('/chat');
  await new SignInPage(victimPage).expectSignInForm();
  await victim.close();
});
