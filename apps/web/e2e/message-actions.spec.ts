// Message actions (issue "The conversation an advisor expects") in Chromium against the real server
// and its built-in demo model: copy as text and as Markdown, regenerate and switch between the
// versions, edit a sent message and resend it (the earlier version kept), and feedback on a reply.
import { expect as baseExpect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { hasHorizontalScroll, saveScreenshot } from './support/app';
import { AssistantScreen } from './support/assistant';
import { chatSeeder } from './support/chat';

/** A reply can take a while to start on a busy machine. */
const expect = baseExpect.configure({ timeout: 45_000 });

const QUESTION = 'What is the future value of 10,000 at 6% for 10 years?';
const EDITED = 'What time is it?';

test('copy, regenerate, edit and resend, and rate a reply', async ({ page, context }) => {
  // Four replies from the demo model, each waited for on a machine that may be busy.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await chat.send(QUESTION);
  await expect(chat.messages.getByText('That grows to about', { exact: false })).toBeVisible();
  await chat.expectIdle();
  const reply = chat.messages.getByRole('listitem').filter({ hasText: 'That grows to about' });

  // Copy: the words without the Markdown, then the Markdown as written; both said as "Copied".
  await reply.getByRole('button', { name: 'Copy as text' }).click();
  await expect(reply.getByRole('status')).toHaveText('Copied');
  const asText = await clipboard();
  expect(asText).toContain('That grows to about $');
  expect(asText).not.toContain('**');
  await reply.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect.poll(clipboard).toContain('about **$');

  // Regenerate: a second version of the reply; the first stays reachable, by keyboard too.
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await chat.expectIdle();
  await expect(chat.messages.getByLabel('Version 2 of 2')).toBeVisible();
  await chat.messages.getByRole('button', { name: 'Previous version' }).focus();
  await page.keyboard.press('Enter');
  await expect(chat.messages.getByLabel('Version 1 of 2')).toBeVisible();
  await expect(chat.messages.getByText('That grows to about', { exact: false })).toBeVisible();
  await chat.messages.getByRole('button', { name: 'Next version' }).click();
  await expect(chat.messages.getByLabel('Version 2 of 2')).toBeVisible();

  // Edit and resend: Esc leaves it as it was, Enter sends the new version, answered anew.
  const question = chat.messages.getByRole('listitem').filter({ hasText: QUESTION });
  await question.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit your message' });
  await expect(editor).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await question.getByRole('button', { name: 'Edit' }).click();
  await editor.fill(EDITED);
  await editor.press('Enter');
  await expect(chat.messages.getByText(/^It is /)).toBeVisible();
  await chat.expectIdle();
  await expect(chat.messages.getByText(QUESTION)).toHaveCount(0);
  await expect(chat.messages.getByLabel('Version 2 of 2')).toBeVisible();
  // The question as first sent, with what followed it, is one step back.
  await chat.messages.getByRole('button', { name: 'Previous version' }).click();
  await expect(chat.messages.getByText(QUESTION)).toBeVisible();
  await expect(chat.messages.getByText('That grows to about', { exact: false })).toBeVisible();
  await chat.messages.getByRole('button', { name: 'Next version' }).click();
  await expect(chat.messages.getByText(EDITED)).toBeVisible();

  // Feedback: thumbs up with a note, kept by the server and shown after a reload.
  const answer = chat.messages.getByRole('listitem').filter({ has: page.getByText(/^It is /) });
  await answer.getByRole('button', { name: 'Good reply' }).click();
  await page.getByRole('textbox', { name: 'What made it so? (optional)' }).fill('Exactly what I needed');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(answer.getByRole('status')).toHaveText('Thanks for your feedback');
  const stored = await chatSeeder(page, account.accessToken).chatOnScreen();
  expect(stored.messages.at(-1)?.feedback).toMatchObject({ rating: 'up', note: 'Exactly what I needed' });
  // Every version is stored: two questions, three replies.
  expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user', 'assistant']);

  await page.reload();
  await expect(chat.messages.getByRole('button', { name: 'Good reply' }).last()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chat.messages.getByLabel('Version 2 of 2')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshot(page, 'message-actions-mobile');
});
