// Sevanta, the deal-flow CRM (issue 6), against the real server and the Sevanta fake Playwright
// starts next to it (packages/fakes/src/serve.ts): the page asks for the system code, the browser
// goes through the firm's Sevanta and back, and the connection is there.
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { ConnectionsScreen } from './support/connections';

test('connect from the connections screen: the popup asks for the system code and reports back', async ({
  page,
}) => {
  await signUpViaApi(page);
  const screen = new ConnectionsScreen(page);
  await screen.goto();
  const row = screen.provider('Sevanta');
  await expect(row).toHaveAttribute('data-status', 'not_connected');

  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Connect Sevanta' }).click();
  const popup = await popupOpened;
  const code = popup.getByLabel('Sevanta system code');
  await code.fill('not a code!');
  await popup.getByRole('button', { name: 'Continue to Sevanta' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('acme-ventures');
  // Through the firm's Sevanta and back; the popup then tells this window and closes.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue to Sevanta' }).click();
  await closed;

  await expect(row).toHaveAttribute('data-status', 'connected');
  await expect(row.getByText('advisor@example.com')).toBeVisible();
});

test('a link from Sevanta connects in this tab, then suggests questions that start a chat', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/sevanta?system_code=acme-ventures');

  await expect(page.getByRole('heading', { name: 'Sevanta is connected' })).toBeVisible();
  const suggestions = page.getByRole('listitem').getByRole('button');
  await expect(suggestions).toHaveCount(3);
  // Drawn from the seeded pipeline, not the fallback defaults.
  await expect(page.getByText(/Lumen Robotics|Quiet Ledger|Harbor Bio/).first()).toBeVisible();

  const text = (await suggestions.first().textContent())!.trim();
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/chat\?id=/);
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: text }).first()).toBeVisible();
});

test('a return that this tab did not start is not believed', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto(`/sevanta?scope=sevanta&status=connected&nonce=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('not started in this tab');
});
