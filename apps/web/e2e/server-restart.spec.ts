// The server killed mid-reply and started again (issue 25): a server of the spec's own
// (support/app-server.ts) whose model is a paced loopback fake, so the reply is still being written
// when the process dies. Nothing on screen is lost, the app says it is reconnecting, and once the
// server is back the interrupted reply is retried to the end.
import { startFakeOpenAI } from '@knap/fakes';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { startAppServer } from './support/app-server';
import { AssistantScreen } from './support/assistant';
import { chatSeeder } from './support/chat';

const UNREACHABLE = 'Can’t reach Knap Studio — retrying…';
const QUESTION = 'How should the Hendersons rebalance after the rally?';
const REPLY = `Trim equities back to the 60% target first. ${'Then add to short-term bonds, step by step. '.repeat(8)}Done.`;

// Two server starts and a reply paced over seconds.
test.slow();

test('the server killed mid-reply and started again: nothing is lost, and Retry completes the reply', async ({
  browser,
}) => {
  // About 6 s a reply: the kill lands while it is written.
  const llm = await startFakeOpenAI({ reply: { text: REPLY, chunkSize: 8, chunkDelayMs: 120 } });
  const app = await startAppServer({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
  });
  const context = await browser.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    const account = await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);

    await chat.send(QUESTION);
    await expect(chat.replies.last()).toContainText('Trim equities');
    await expect(chat.stopButton).toBeVisible();
    await app.kill('SIGKILL');

    // The app says so, and keeps the conversation and the partial reply on screen.
    await expect(page.getByRole('status').filter({ hasText: UNREACHABLE })).toBeVisible({ timeout: 20_000 });
    await expect(chat.messages.getByText(QUESTION)).toBeVisible();
    await expect(chat.replies.last()).toContainText('Trim equities');

    await app.start();
    // Back: the reply the dead process was writing is marked interrupted, and Retry writes it again.
    await expect(page.getByRole('status').filter({ hasText: UNREACHABLE })).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect(chat.retryButton).toBeVisible({ timeout: 20_000 });
    await chat.retryButton.click();
    await expect(chat.replies.last()).toContainText('Done.', { timeout: 20_000 });
    await chat.expectIdle();

    // Stored as the user saw it: the question once, one finished reply with the whole text.
    const stored = await chatSeeder(page, account.accessToken).chatOnScreen();
    expect(stored.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', null],
      ['assistant', null],
    ]);
    expect(stored.messages.at(-1)?.content).toContain('Done.');
    await page.reload();
    await expect(chat.replies.last()).toContainText('Done.');
  } finally {
    await context.close();
    await app.close();
    await llm.close();
  }
});
