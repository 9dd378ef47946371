// Error reporting in the browser (SPEC §9): with SENTRY_DSN the server names the DSN in the page, the
// SDK loads and a thrown error reaches a Sentry-compatible ingest (a loopback fake from
// @knap/fakes) with nothing of the user's in it — no email, name, cookie or query string, and its
// replay masks every text. Without a DSN no SDK code loads and nothing leaves the page's origin.
import { type FakeSentry, startFakeSentry } from '@knap/fakes';
import { test as base, expect, type Page } from '@playwright/test';
import { newAccount, signUpViaApi } from './support/accounts';
import { collectCspErrors } from './support/app';
import { type AppServer, startAppServer } from './support/app-server';

const NAME = 'Quentin Zebulon-Farthing';
const TOKEN = 'leaky-token-8c1f';
const CODE = 'leaky-code-77aa';

const withDsn = base.extend<object, { sentry: FakeSentry; reportingApp: AppServer }>({
  sentry: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const sentry = await startFakeSentry();
      await use(sentry);
      await sentry.close();
    },
    { scope: 'worker' },
  ],
  reportingApp: [
    async ({ sentry }, use) => {
      const app = await startAppServer({ SENTRY_DSN: sentry.dsn('7'), SENTRY_ENVIRONMENT: 'e2e' });
      await use(app);
      await app.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ reportingApp }, use) => use(reportingApp.url),
});

/** Throws outside any React boundary, as a bug in an event handler or a timer does. */
async function throwInPage(page: Page, message: string): Promise<void> {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

withDsn('a thrown error arrives once, scrubbed, with a masked replay', async ({ page, sentry }) => {
  const cspErrors = collectCspErrors(page);
  const account = await signUpViaApi(page, newAccount(NAME));
  await page.goto(`/chat?token=${TOKEN}&code=${CODE}`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.waitForFunction(() => '__SENTRY__' in window);
  // A request whose query carries a credential, to be kept only as a breadcrumb without it.
  await page.evaluate((token) => fetch(`/api/health?token=${token}`).then(() => undefined), TOKEN);

  await throwInPage(page, `Could not load the plan of ${account.email}`);

  await expect.poll(() => sentry.events().length, { timeout: 15_000 }).toBe(1);
  const event = sentry.events()[0] as {
    environment: string;
    user?: Record<string, unknown>;
    request?: { url?: string; headers?: Record<string, string>; cookies?: unknown };
    exception: { values: Array<{ value: string }> };
    breadcrumbs?: Array<{ category?: string; data?: { url?: string; from?: string; to?: string } }>;
  };
  expect(event.environment).toBe('e2e');
  expect(event.exception.values[0]?.value).toBe('Could not load the plan of [email]');
  // The signed-in user as an opaque id, nothing more.
  expect(Object.keys(event.user ?? {})).toEqual(['id']);
  expect(event.request?.url).toMatch(/\/chat$/);
  expect(Object.keys(event.request?.headers ?? {})).toEqual(['User-Agent']);
  expect(event.request?.cookies).toBeUndefined();
  const fetched = event.breadcrumbs?.find(
    (b) => b.category === 'fetch' && b.data?.url?.includes('/api/health'),
  );
  expect(fetched?.data?.url).toBe('/api/health');

  // replaysOnErrorSampleRate 1: the error sends the session's replay too, every text masked.
  await expect
    .poll(() => sentry.envelopes.some((e) => e.items.some((item) => item.type === 'replay_recording')), {
      timeout: 20_000,
    })
    .toBe(true);
  const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'knap_refresh')?.value;
  expect(refreshCookie).toBeTruthy();
  const everything = sentry.envelopes.map((e) => e.raw).join('\n');
  for (const secret of [account.email, NAME, TOKEN, CODE, refreshCookie!, account.accessToken])
    expect(everything).not.toContain(secret);
  expect(cspErrors).toEqual([]);
});

base('without a DSN no error-reporting code loads and nothing leaves the page', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signUpViaApi(page);
  await page.goto('/chat');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('meta[name="knap-error-reporting"]')).toHaveCount(0);

  await throwInPage(page, 'An error nobody is told about');
  await page.waitForTimeout(1_000);

  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(requested.filter((url) => /sentry/i.test(url))).toEqual([]);
  expect(await page.evaluate(() => '__SENTRY__' in window)).toBe(false);
});
