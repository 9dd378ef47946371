// Chat history (issue 4): the sidebar chat panel and the chat screen against the real server.
import { randomUUID } from 'node:crypto';
import { autoChatTitle } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { CHAT_URL, saveScreenshot } from './support/app';
import { ChatPanel, ChatScreen, chatSeeder } from './support/chat';

const CHAT_WITH_ID = /\/chat\?id=[0-9a-f-]{36}$/;

test('the chat panel shows the empty state for a new account', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const panel = new ChatPanel(page);

  await panel.open();

  await expect(page.getByText('No chats yet', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Start a conversation to see your chat history here', { exact: true }),
  ).toBeVisible();
  await panel.backButton.click();
  await expect(panel.mainMenu).toBeVisible();
});

test('sending a first message creates the chat, names it and opens it', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  await page.goto('/chat');
  const screen = new ChatScreen(page);
  const panel = new ChatPanel(page);
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible();
  await panel.open();

  const text = 'How should I think about rebalancing a client portfolio after a big rally?';
  await screen.send(text);

  await expect(page).toHaveURL(CHAT_WITH_ID);
  await expect(screen.messages.getByText(text)).toBeVisible();
  await expect(screen.composer).toHaveValue('');
  const title = autoChatTitle(text, new Date());
  expect(title).toMatch(/\.\.\.$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(panel.link(title)).toHaveAttribute('aria-current', 'page');

  // The message was stored, and so is the assistant's reply (the demo model's) once it finished.
  const chatId = new URL(page.url()).searchParams.get('id')!;
  await expect
    .poll(async () => (await seed.getChat(chatId)).messages.map((m) => [m.role, m.state, m.content]))
    .toEqual([
      ['user', null, text],
      ['assistant', null, expect.stringContaining("I'm the built-in demo assistant")],
    ]);
  expect((await seed.getChat(chatId)).title).toBe(title);
});

test('an empty chat with the default title is named by its first message', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  const res = await page.request.post('/api/chat/chats', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: {},
  });
  const chat = await res.json();
  expect(chat.title).toMatch(/^New Chat /);
  await page.goto(`/chat?id=${chat.id}`);
  const screen = new ChatScreen(page);

  await screen.send('Draft an agenda for the annual review');

  await expect(page.getByRole('heading', { name: 'Draft an agenda for the annual review' })).toBeVisible();
  await expect
    .poll(async () => (await seed.getChat(chat.id)).title)
    .toBe('Draft an agenda for the annual review');
});

test.describe('rename', () => {
  test('saves with Enter, saves on blur, and Escape cancels', async ({ page }) => {
    const account = await signUpViaApi(page);
    const seed = chatSeeder(page, account.accessToken);
    const chat = await seed.createChat('Original title');
    await page.goto('/chat');
    const panel = new ChatPanel(page);
    await panel.open();

    // Enter saves.
    await panel.chooseFromMenu('Original title', 'Rename');
    await expect(panel.renameInput).toBeFocused();
    await expect(panel.renameInput).toHaveValue('Original title');
    await panel.renameInput.fill('Renamed with Enter');
    await panel.renameInput.press('Enter');
    await expect(panel.renameInput).toHaveCount(0);
    await expect(panel.link('Renamed with Enter')).toBeVisible();
    await expect.poll(async () => (await seed.getChat(chat.id)).title).toBe('Renamed with Enter');

    // Blur saves.
    await panel.chooseFromMenu('Renamed with Enter', 'Rename');
    await panel.renameInput.fill('Renamed on blur');
    await panel.heading.click();
    await expect(panel.renameInput).toHaveCount(0);
    await expect(panel.link('Renamed on blur')).toBeVisible();
    await expect.poll(async () => (await seed.getChat(chat.id)).title).toBe('Renamed on blur');

    // Escape cancels.
    await panel.chooseFromMenu('Renamed on blur', 'Rename');
    await panel.renameInput.fill('Never saved');
    await panel.renameInput.press('Escape');
    await expect(panel.renameInput).toHaveCount(0);
    await expect(panel.link('Renamed on blur')).toBeVisible();
    await expect(panel.link('Never saved')).toHaveCount(0);
    await page.reload();
    await panel.open();
    await expect(panel.link('Renamed on blur')).toBeVisible();
    expect((await seed.getChat(chat.id)).title).toBe('Renamed on blur');
  });
});

test.describe('delete', () => {
  test('a dismissed confirm keeps the chat; an accepted one deletes it and leaves it', async ({ page }) => {
    const account = await signUpViaApi(page);
    const seed = chatSeeder(page, account.accessToken);
    await seed.createChat('Keep me around');
    const doomed = await seed.createChat('Delete me');
    await page.goto(`/chat?id=${doomed.id}`);
    const panel = new ChatPanel(page);
    await panel.open();
    // Chat in the menu opens the panel and keeps the conversation that is open.
    await expect(page).toHaveURL(new RegExp(`\\?id=${doomed.id}$`));
    await panel.link('Delete me').click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${doomed.id}$`));

    const dismissed: string[] = [];
    page.once('dialog', async (dialog) => {
      dismissed.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.dismiss();
    });
    await panel.chooseFromMenu('Delete me', 'Delete');
    await expect.poll(() => dismissed).toEqual(['confirm: Are you sure you want to delete this chat?']);
    await expect(panel.link('Delete me')).toBeVisible();
    expect(await seed.chatStatus(doomed.id)).toBe(200);

    page.once('dialog', (dialog) => dialog.accept());
    await panel.chooseFromMenu('Delete me', 'Delete');
    await expect(panel.link('Delete me')).toHaveCount(0);
    await expect(page).toHaveURL(CHAT_URL);
    await expect(panel.link('Keep me around')).toBeVisible();
    await expect.poll(() => seed.chatStatus(doomed.id)).toBe(404);
  });
});

test('unread dots and the Chat badge follow assistant replies and opening chats', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  await seed.createChat('Nothing new');
  await seed.createUnreadChat('Reply waiting A');
  await seed.createUnreadChat('Reply waiting B');
  await page.goto('/chat');
  const panel = new ChatPanel(page);

  await expect(panel.chatMenuLink).toHaveAccessibleName('Chat 2 unread');
  await panel.open();
  await expect(panel.unreadDots).toHaveCount(2);
  await expect(panel.row('Nothing new').getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(panel.row('Reply waiting A').getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(panel.row('Reply waiting A')).toContainText('Today');

  await panel.link('Reply waiting A').click();
  await expect(page).toHaveURL(CHAT_WITH_ID);
  await expect(page.getByText('Reply in Reply waiting A')).toBeVisible();
  await expect(panel.row('Reply waiting A').getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(panel.unreadDots).toHaveCount(1);

  await panel.backButton.click();
  await expect(panel.chatMenuLink).toHaveAccessibleName('Chat 1 unread');
});

test("'Mark all as read' appears above 5 unread chats and clears them", async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  for (let i = 1; i <= 5; i++) await seed.createUnreadChat(`Unread ${i}`);
  await page.goto('/chat');
  const panel = new ChatPanel(page);
  await panel.open();

  await expect(panel.unreadDots).toHaveCount(5);
  await expect(panel.markAllReadButton).toHaveCount(0);

  await seed.createUnreadChat('Unread 6');
  await page.reload();
  await panel.open();
  await expect(panel.unreadDots).toHaveCount(6);
  await expect(panel.markAllReadButton).toBeVisible();

  await panel.markAllReadButton.click();

  await expect(panel.unreadDots).toHaveCount(0);
  await expect(panel.markAllReadButton).toHaveCount(0);
  await panel.backButton.click();
  await expect(panel.chatMenuLink).toHaveAccessibleName('Chat');
});

test('searching the chat panel finds a word in an old message and opens its chat', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  const henderson = await seed.createChat('Henderson review');
  await seed.addMessage(henderson.id, 'user', 'We discussed the Roth conversion before year end.');
  await seed.createChat('Estate questions');
  await page.goto('/chat');
  const panel = new ChatPanel(page);
  await panel.open();

  await page.getByRole('searchbox', { name: 'Search chats' }).fill('roth');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.getByText(/Roth conversion/)).toBeVisible();
  await results.getByRole('link', { name: /Henderson review/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?id=${henderson.id}$`));
});

test('a chat that fails to load redirects to /chat', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto(`/chat?id=${randomUUID()}`);

  await expect(page).toHaveURL(CHAT_URL);
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible();
});

test('assistant markdown renders tables and links but never raw HTML', async ({ page }) => {
  const account = await signUpViaApi(page);
  const seed = chatSeeder(page, account.accessToken);
  const chat = await seed.createChat('Fund comparison');
  await seed.addMessage(chat.id, 'user', 'Compare the two funds');
  await seed.addMessage(
    chat.id,
    'assistant',
    [
      'Here is the comparison:',
      '',
      '| Fund | Expense ratio |',
      '| --- | --- |',
      '| Alpha | 0.10% |',
      '| Beta | 0.25% |',
      '',
      '<img src=x onerror="window.__xss = true">',
      '',
      '- **Alpha** is cheaper',
      '- See [the prospectus](https://example.com/prospectus)',
    ].join('\n'),
  );
  await page.goto(`/chat?id=${chat.id}`);
  const screen = new ChatScreen(page);

  const table = screen.messages.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Expense ratio' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '0.25%' })).toBeVisible();
  await expect(screen.messages.getByText('Alpha', { exact: true }).first()).toBeVisible();
  const link = screen.messages.getByRole('link', { name: 'the prospectus' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  await expect(page.locator('main img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: boolean }).__xss)).toBeUndefined();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the chat screen and panel lay out at ${viewport.width}px in ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      const account = await signUpViaApi(page);
      const seed = chatSeeder(page, account.accessToken);
      const chat = await seed.createChat('Quarterly review prep for the Hendersons');
      await seed.addMessage(chat.id, 'user', 'Summarise their holdings and flag anything unusual.');
      await seed.addMessage(
        chat.id,
        'assistant',
        '**Holdings**\n\n| Asset | Weight |\n| --- | --- |\n| US equity | 55% |\n| Bonds | 35% |\n| Cash | 10% |\n\n```\nrebalance(threshold=0.05)\n```',
      );
      await seed.createUnreadChat('Estate planning follow-up');
      await page.goto(`/chat?id=${chat.id}`);
      const screen = new ChatScreen(page);
      await expect(screen.messages.getByRole('table')).toBeVisible();
      await saveScreenshot(page, `chat-${viewport.width}-${theme}`);

      const panel = new ChatPanel(page);
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await panel.open();
      await expect(panel.link('Estate planning follow-up')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `chat-panel-${viewport.width}-${theme}`);

      // The open chat is highlighted, and its menu fits on screen.
      await panel.link('Quarterly review prep').click();
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(panel.link('Quarterly review prep')).toHaveAttribute('aria-current', 'page');
      await panel.row('Quarterly review prep').hover();
      await panel.row('Quarterly review prep').getByRole('button', { name: 'Chat options' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `chat-panel-menu-${viewport.width}-${theme}`);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      if (viewport.width < 768) {
        await panel.link('Estate planning follow-up').click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
        await expect(page.getByText('Reply in Estate planning follow-up')).toBeVisible();
      }
    });
  }
}
