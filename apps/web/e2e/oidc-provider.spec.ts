// Conformance in Chromium (issue 24): oidc-provider, a certified OpenID provider, is the app's Google
// in e2e (packages/fakes/src/serve-oidc-provider.ts, its defaults and its own dev login and consent
// pages). 'Continue with Google' signs in through its pages; a Google connection is granted there,
// listed as connected, and disconnecting revokes its token at the provider.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { AppShell, SignInPage } from './support/app';
import { ConnectionsScreen } from './support/connections';

const OIDC_URL = process.env.E2E_OIDC_URL!;

type ProviderTokens = {
  issued: Array<{ access_token?: string; id_token?: string; refresh_token?: string; scope?: string }>;
  revoked: string[];
};

async function providerTokens(page: Page): Promise<ProviderTokens> {
  const res = await page.request.get(`${OIDC_URL}/_e2e/tokens`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as ProviderTokens;
}

/** Logs in on oidc-provider's dev login page (any password) and confirms its consent page. */
async function throughProviderPages(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.href.startsWith(OIDC_URL));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL((url) => url.href.startsWith(OIDC_URL));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Every value the app keeps in the browser's storage. */
const storedValues = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) =>
      Object.keys(s).flatMap((key) => [key, s.getItem(key) ?? '']),
    ),
  );

test("'Continue with Google' signs in through oidc-provider's own login and consent pages", async ({
  page,
}) => {
  const login = `ada-${randomUUID().slice(0, 8)}`;
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  const before = (await providerTokens(page)).issued.length;

  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await throughProviderPages(page, login);

  const shell = new AppShell(page);
  await shell.expectMainMenu();
  await expect(shell.signedInAs(`${login}@oidc.example`)).toBeVisible();
  expect(page.url().startsWith(test.info().project.use.baseURL!)).toBe(true);

  // The provider answered our server's token request; none of what it issued reached the browser.
  const issued = (await providerTokens(page)).issued.slice(before);
  const tokens = issued.flatMap((t) => [t.access_token, t.id_token, t.refresh_token]).filter(Boolean);
  expect(tokens.length).toBeGreaterThanOrEqual(2); // an access token and an ID token
  const seen = [...urls, page.url(), ...(await storedValues(page))];
  for (const token of tokens) for (const value of seen) expect(value).not.toContain(token);
  for (const value of seen) expect(value).not.toMatch(/[#?&](access_token|id_token|refresh_token)=/);
});

test('a Google connection granted at oidc-provider is listed as connected; disconnecting revokes it there', async ({
  page,
}) => {
  const login = `drive-${randomUUID().slice(0, 8)}`;
  await signUpViaApi(page);
  const screen = new ConnectionsScreen(page);
  await screen.goto();
  const drive = screen.provider('Google Drive');
  await expect(drive).toHaveAttribute('data-status', 'not_connected');

  const popupOpened = page.waitForEvent('popup');
  await drive.getByRole('button', { name: 'Connect Google Drive' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await throughProviderPages(popup, login);
  await closed;

  await expect(drive).toHaveAttribute('data-status', 'connected');
  await expect(drive.getByText(`Connected as ${login}@oidc.example`)).toBeVisible();
  const grant = (await providerTokens(page)).issued.findLast((t) =>
    t.scope?.split(' ').includes('https://www.googleapis.com/auth/drive.readonly'),
  );
  expect(grant?.access_token).toBeTruthy();
  expect((await providerTokens(page)).revoked).not.toContain(grant!.access_token);

  await drive.getByRole('button', { name: 'Disconnect Google Drive' }).click();
  await screen.confirmDialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(drive).toHaveAttribute('data-status', 'not_connected');
  expect((await providerTokens(page)).revoked).toContain(grant!.access_token);
});
