// Connections (issue 6): the connections screen, custom tool URLs, the calendar-permissions screen
// and the connect popup's message, against the real server. Only Sevanta, Microsoft (fakes,
// packages/fakes/src/serve.ts) and Google (oidc-provider, packages/fakes/src/serve-oidc-provider.ts)
// run next to the server; every other provider is 'not configured'.
import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { CHAT_URL, hasHorizontalScroll, saveScreenshot } from './support/app';
import {
  CATEGORY_HEADINGS,
  ConnectionsScreen,
  connectionsSeeder,
  PROVIDER_NAMES,
} from './support/connections';

const AVAILABLE = '/api/connections/available_connections';
/** Providers whose fakes (or, for Google, oidc-provider) run next to the e2e server. */
const CONFIGURED_IN_E2E: readonly string[] = [
  'Sevanta',
  'Outlook',
  'Outlook Calendar',
  'OneDrive',
  'Gmail',
  'Google Calendar',
  'Google Drive',
];

/** Counts the app's fetches of the connections list from now on. */
function countAvailableFetches(page: Page) {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === AVAILABLE) count += 1;
  });
  return () => count;
}

test('the screen lists every category, greys out providers not configured, and shows the notetaker', async ({
  page,
}) => {
  await signUpViaApi(page);
  const screen = new ConnectionsScreen(page);
  await screen.goto();

  for (const name of CATEGORY_HEADINGS) await expect(screen.categoryHeading(name)).toBeVisible();
  for (const name of PROVIDER_NAMES.filter((n) => !CONFIGURED_IN_E2E.includes(n))) {
    const row = screen.provider(name);
    await expect(row).toHaveAttribute('data-status', 'not_configured');
    await expect(row.getByText('Not configured', { exact: true })).toBeVisible();
    await expect(row.getByText(`Ask your administrator to configure ${name} on the server`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Connect ${name}` })).toBeDisabled();
  }
  for (const name of CONFIGURED_IN_E2E)
    await expect(screen.provider(name)).toHaveAttribute('data-status', 'not_connected');
  await expect(screen.notetakerCard).toBeVisible();
  await expect(screen.notetakerCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('No custom tool URLs yet')).toBeVisible();
});

test('custom tool URLs: a private address is refused with the server’s reason, then add, edit, delete', async ({
  page,
}) => {
  const account = await signUpViaApi(page);
  const seed = connectionsSeeder(page, account.accessToken);
  const screen = new ConnectionsScreen(page);
  await screen.goto();

  await screen.addUrlButton.click();
  await screen.saveMcpForm({ description: 'Office tools', url: 'http://192.168.1.20/mcp' });
  await expect(screen.mcpForm.getByRole('alert')).toHaveText(
    'This address is not allowed: a private or reserved address',
  );
  await expect(screen.mcpForm).toBeVisible();
  expect(await seed.mcpUrls()).toEqual([]);

  await screen.saveMcpForm({ url: 'https://tools.example.com/mcp' });
  await expect(screen.mcpForm).toBeHidden();
  await expect(screen.mcpRow('Office tools').getByText('https://tools.example.com/mcp')).toBeVisible();
  expect(await seed.mcpUrls()).toEqual([
    { id: expect.any(String), mcp_description: 'Office tools', mcp_url: 'https://tools.example.com/mcp' },
  ]);

  await screen.mcpRow('Office tools').getByRole('button', { name: 'Edit Office tools' }).click();
  await expect(screen.mcpForm.getByLabel('Description')).toHaveValue('Office tools');
  await screen.saveMcpForm({ description: 'Research tools', url: 'https://research.example.com/mcp' });
  await expect(screen.mcpForm).toBeHidden();
  await expect(screen.mcpRow('Research tools').getByText('https://research.example.com/mcp')).toBeVisible();
  await expect(screen.mcpRow('Office tools')).toHaveCount(0);
  expect((await seed.mcpUrls()).map((u) => [u.mcp_description, u.mcp_url])).toEqual([
    ['Research tools', 'https://research.example.com/mcp'],
  ]);

  // Delete asks first; cancelling keeps it.
  await screen.mcpRow('Research tools').getByRole('button', { name: 'Delete Research tools' }).click();
  await expect(screen.confirmDialog).toHaveAccessibleName('Delete custom tool URL?');
  await screen.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screen.confirmDialog).toBeHidden();
  expect(await seed.mcpUrls()).toHaveLength(1);

  await screen.mcpRow('Research tools').getByRole('button', { name: 'Delete Research tools' }).click();
  await screen.confirmDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(screen.mcpRow('Research tools')).toHaveCount(0);
  await expect(page.getByText('No custom tool URLs yet')).toBeVisible();
  expect(await seed.mcpUrls()).toEqual([]);
});

test('testing a custom tool URL that cannot be reached shows Unavailable with the reason', async ({
  page,
}) => {
  await signUpViaApi(page);
  const screen = new ConnectionsScreen(page);
  await screen.goto();
  await screen.addMcpUrl('Unreachable tools', 'https://unreachable.invalid/mcp');

  const row = screen.mcpRow('Unreachable tools');
  await row.getByRole('button', { name: 'Test connection Unreachable tools' }).click();

  await expect(row.getByText('Unavailable', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('Available', { exact: true })).toHaveCount(0);
  await saveScreenshot(page, 'connections-mcp-unavailable');
});

test('/calendar-permissions explains the need and offers both calendars, configured ones enabled', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/calendar-permissions');

  await expect(page.getByRole('heading', { name: 'Connect your calendar', level: 1 })).toBeVisible();
  // Both are configured in e2e (a calendar not configured is disabled: the screen's unit test).
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  await expect(page.getByText(/Ask your administrator to configure/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect Microsoft Calendar' })).toBeEnabled();
  await saveScreenshot(page, 'calendar-permissions');
});

test.describe('the connections-finished message', () => {
  test('from a foreign or look-alike origin it is ignored; from our own origin it is handled', async ({
    page,
  }) => {
    await signUpViaApi(page);
    const screen = new ConnectionsScreen(page);
    await screen.goto();
    const fetches = countAvailableFetches(page);

    // Not a calendar, from our origin: the connections are fetched again and the result is shown.
    // (This also proves the listener is up before the foreign messages below.)
    await page.evaluate(() =>
      window.postMessage(
        {
          type: 'CONNECTIONS_FINISHED',
          scope: 'dropbox',
          status: 'error',
          message: 'Connection was cancelled.',
        },
        window.location.origin,
      ),
    );
    await expect(page.getByText('Could not connect Dropbox')).toBeVisible();
    await expect(page.getByText('Connection was cancelled.')).toBeVisible();
    await expect.poll(fetches).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/connections$/);
    const fetchesBefore = fetches();

    // A real window.postMessage always carries the page's own origin, so the foreign ones are
    // synthetic MessageEvents with the origin a foreign window would have.
    await page.evaluate(() => {
      const data = {
        type: 'CONNECTIONS_FINISHED',
        scope: 'google_calendar_read',
        status: 'connected',
        message: '',
      };
      for (const origin of ['https://evil.example', `${window.location.origin}.evil.example`, 'null']) {
        window.dispatchEvent(new MessageEvent('message', { data, origin }));
      }
      // Our origin, but not the message's shape.
      window.postMessage({ type: 'CONNECTIONS_DONE', scope: 'google_calendar_read' }, window.location.origin);
      window.postMessage({ type: 'CONNECTIONS_FINISHED', scope: 42 }, window.location.origin);
    });
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/connections$/);
    await expect(page.getByText('Google Calendar connected')).toHaveCount(0);
    expect(fetches()).toBe(fetchesBefore);

    // A calendar: the chat route with the sidebar's meetings overlay.
    await page.evaluate(() =>
      window.postMessage(
        { type: 'CONNECTIONS_FINISHED', scope: 'google_calendar_read', status: 'connected', message: '' },
        window.location.origin,
      ),
    );
    await expect(page).toHaveURL(CHAT_URL);
    await expect(page.getByText('Google Calendar connected')).toBeVisible();
  });

  test('the popup’s return page reports to the app window that opened it, then closes', async ({ page }) => {
    await signUpViaApi(page);
    const screen = new ConnectionsScreen(page);
    await screen.goto();

    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(() => {
      window.open(
        '/auth/connections-ghost?scope=google_calendar_read&mode=normal&status=connected',
        'knap-connection',
        'popup',
      );
    });
    const popup = await popupPromise;
    await popup.waitForEvent('close');

    await expect(page).toHaveURL(CHAT_URL);
    await expect(page.getByText('Google Calendar connected')).toBeVisible();
  });

  test('the return page without an opener shows the result on the connections screen', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto(
      '/auth/connections-ghost?scope=dropbox&mode=normal&status=error&message=Connection%20was%20cancelled.',
    );

    await expect(page).toHaveURL(/\/connections$/);
    await expect(new ConnectionsScreen(page).heading).toBeVisible();
    await expect(page.getByText('Could not connect Dropbox')).toBeVisible();
  });
});

test('the open-connections browser event opens the connections dropdown', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('knap:open-connections')));

  const menu = page.getByRole('menu', { name: 'Connections' });
  await expect(menu).toBeVisible();
  // Salesforce is not configured in e2e; Gmail is (oidc-provider as Google).
  await expect(menu.getByRole('menuitem', { name: /Salesforce/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: /Gmail/ })).not.toHaveAttribute('aria-disabled', 'true');
  await saveScreenshot(page, 'connections-dropdown');
  await menu.getByRole('menuitem', { name: 'Manage connections' }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(menu).toBeHidden();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the connections screen lays out at ${viewport.width}px in ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await signUpViaApi(page);
      const screen = new ConnectionsScreen(page);
      await screen.goto();
      await saveScreenshot(page, `connections-top-${viewport.width}-${theme}`);
      await screen.addMcpUrl('Portfolio analytics', 'https://tools.example.com/mcp');

      expect(await hasHorizontalScroll(page)).toBe(false);
      for (const control of [
        screen.provider('Google Drive').getByRole('button', { name: 'Connect Google Drive' }),
        screen.mcpRow('Portfolio analytics').getByRole('button', { name: 'Delete Portfolio analytics' }),
        screen.addUrlButton,
      ]) {
        const box = await control.boundingBox();
        expect(box, 'control is laid out').not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      await saveScreenshot(page, `connections-${viewport.width}-${theme}`);

      await screen.addUrlButton.click();
      await expect(screen.mcpForm).toBeVisible();
      const box = await screen.mcpForm.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `connections-form-${viewport.width}-${theme}`);
    });
  }
}
