// The server going away mid-conversation (issue 25): simulated with Playwright, since the specs
// share one server. Requests of the page fail as if nobody answered; the API the test itself uses
// (page.request) still reaches the server.
import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { ChatScreen, chatSeeder } from './support/chat';

const UNREACHABLE = 'Can’t reach Knap Studio — retrying…';
const OFFLINE = 'You’re offline. Knap Studio will reconnect when you’re back online.';

// Each waits for the app's backoff to reach the server again.
test.slow();

const banner = (page: Page) => page.getByRole('status').filter({ hasText: /Knap Studio/ });

test('a message sent while the server is away is kept, and sent once it answers', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  const chat = await seed.createChat('Rebalancing');
  await seed.addMessage(chat.id, 'user', 'What about bonds?');
  await seed.addMessage(chat.id, 'assistant', 'Bonds steady a portfolio.');
  await page.goto(`/chat?id=${chat.id}`);
  const screen = new ChatScreen(page);
  await expect(screen.messages.getByText('Bonds steady a portfolio.')).toBeVisible({ timeout: 30_000 });

  // The server goes away: nothing the page asks is answered.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  const text = 'Should Ann rebalance after the rally?';
  await screen.send(text);

  await expect(banner(page)).toHaveText(new RegExp(UNREACHABLE));
  // Nothing is lost: the conversation is on screen, the message back in the composer.
  await expect(screen.composer).toHaveValue(text);
  await expect(screen.messages.getByText('Bonds steady a portfolio.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`id=${chat.id}`));
  expect((await seed.getChat(chat.id)).messages).toHaveLength(2);

  // The server answers again: the banner goes, the message is sent and the reply completes.
  await page.unroute('**/api/**');
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(screen.messages.getByText(text)).toBeVisible();
  await expect(screen.messages.getByText(/built-in demo assistant/)).toBeVisible({ timeout: 20_000 });
  await expect(screen.composer).toHaveValue('');
  await expect
    .poll(async () => (await seed.getChat(chat.id)).messages.map((m) => [m.role, m.state]))
    .toEqual([
      ['user', null],
      ['assistant', null],
      ['user', null],
      ['assistant', null],
    ]);
});

test('the browser going offline is said, and the app comes back with it', async ({ page, context }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const screen = new ChatScreen(page);
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await expect(banner(page)).toHaveText(new RegExp(OFFLINE));
  await screen.composer.fill('Draft while offline');

  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(screen.composer).toHaveValue('Draft while offline');
});

test('a signed-out first load logs no error and asks for no refresh', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/refresh')) refreshes.push(request.url());
  });

  await page.goto('/chat');
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(refreshes).toEqual([]);
  expect(errors).toEqual([]);
});
