// The assistant (issue 5) in Chromium against the real server and its built-in demo model: replies
// stream in, tools run, actions wait for approval (also across a reload), checklists, suggestions,
// and running out of credits.
import { DETAIL } from '@knap/contracts';
import { expect, test } from '@playwright/test';
import { apiAs, signUpViaApi } from './support/accounts';
import { AppShell, hasHorizontalScroll, saveScreenshot } from './support/app';
import { AssistantScreen, exhaustCredits } from './support/assistant';
import { chatSeeder } from './support/chat';
import { fakeModelTest } from './support/fake-model-server';

const CHAT_WITH_ID = /\/chat\?id=[0-9a-f-]{36}$/;
const DEMO_NOTICE_START = "I'm the built-in demo assistant of Knap Studio";
const EMAIL_PROMPT = 'Send a follow-up email to anna@example.com';

test('a message gets a streamed reply, stored with the chat', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('Hello, who are you?');

  await expect(page).toHaveURL(CHAT_WITH_ID);
  await expect(chat.messages.getByText('Hello, who are you?')).toBeVisible();
  // While the reply is written, Stop stands in for Send and the box takes no new message.
  await expect(chat.stopButton).toBeVisible();
  await expect(chat.composer).not.toBeEditable();
  await expect(chat.messages.getByText(DEMO_NOTICE_START, { exact: false })).toBeVisible();
  await expect(chat.messages.getByText('in your timezone', { exact: false })).toBeVisible();
  await chat.expectIdle();
  await expect(chat.composer).toBeEditable();

  await page.reload();
  await expect(chat.messages.getByText(DEMO_NOTICE_START, { exact: false })).toBeVisible();
  await expect(chat.alert).toHaveCount(0);
});

// The model here stalls after its first words and would never finish by itself, so what Stop ends is
// always a reply in the middle of being written, however slow the machine.
fakeModelTest(
  'Stop ends the reply where it is, and the chat takes the next message',
  async ({ page, fakeModelApp }) => {
    const account = await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);
    fakeModelApp.llm.enqueue({
      text: 'The Hendersons are on track. Never sent: the model stalls before this.',
      chunkSize: 29,
      stallAfterChunks: 1,
    });
    await chat.send('How are the Hendersons doing?');
    await expect(chat.replies.last()).toContainText('The Hendersons are on track.');

    await chat.stop();

    await chat.expectIdle();
    const stored = await chatSeeder(page, account.accessToken).chatOnScreen();
    // Stored as the user saw it: a finished reply the user stopped, with the words written so far.
    expect(stored.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', null],
      ['assistant', null],
    ]);
    expect(stored.messages.at(-1)?.metadata).toMatchObject({ stopped: true });
    expect(stored.messages.at(-1)?.content.trim()).toBe('The Hendersons are on track.');
    await page.reload();
    await expect(chat.replies.last()).toContainText('The Hendersons are on track.');

    // The next message gets its reply.
    await chat.send('Thanks');
    await expect(chat.replies.last()).toContainText('You said: Thanks');
    await chat.expectIdle();
  },
);

test('a tool step shows in the reply', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('What is the RMD at age 75 with a balance of 500,000?');

  await expect(chat.messages.getByText('required minimum distribution is', { exact: false })).toBeVisible();
  await chat.expectIdle();
  const tools = chat.messages.getByRole('button', { name: /Used 1 tool/ });
  await tools.click();
  await expect(chat.messages.getByRole('list', { name: 'Tool steps' })).toContainText(
    'Required minimum distribution',
  );
});

test.describe('approval', () => {
  test('shows the email in readable form with its cost; Approve sends it', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);

    await chat.send(EMAIL_PROMPT);

    const card = chat.approvalCard();
    await expect(card).toBeVisible();
    // An email's fields can be changed before approving (tool-cards.spec.ts edits them).
    await expect(card.getByLabel('To')).toHaveValue('anna@example.com');
    await expect(card.getByLabel('Subject')).toHaveValue('Following up on our conversation');
    await expect(card.getByLabel('Body')).toHaveValue(/Thank you for your time today/);
    await expect(card.getByText('Cost: 1 credit')).toBeVisible();
    await chat.expectIdle();

    await card.getByRole('button', { name: 'Approve' }).click();

    await expect(chat.messages.getByText('is in your outbox', { exact: false })).toBeVisible();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  test('Deny: nothing is sent and the assistant says so', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);
    await chat.send(EMAIL_PROMPT);
    const card = chat.approvalCard();

    await card.getByRole('button', { name: 'Deny' }).click();

    await expect(chat.messages.getByText("I didn't send it", { exact: false })).toBeVisible();
    await expect(card.getByText('Denied', { exact: true })).toBeVisible();
    await expect(chat.messages.getByText('is in your outbox', { exact: false })).toHaveCount(0);
  });

  test('a pending approval survives a reload and can be approved after it', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);
    await chat.send(EMAIL_PROMPT);
    await expect(chat.approvalCard()).toBeVisible();
    await chat.expectIdle();

    await page.reload();

    const card = chat.approvalCard();
    await expect(card.getByText('Needs your approval')).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(chat.messages.getByText('is in your outbox', { exact: false })).toBeVisible();
  });
});

test('a plan comes with a checklist', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('Make a plan for the Henderson review');

  await expect(chat.messages.getByText("Here's the plan as a checklist", { exact: false })).toBeVisible();
  await expect(chat.checklist.getByRole('listitem')).toHaveText([
    'Gather the goals and accounts for the Henderson review (in progress)',
    'Run the retirement projection (to do)',
    'Draft recommendations (to do)',
    'Prepare the follow-up email (to do)',
  ]);
});

test('the welcome screen offers 3 suggestions; picking one sends it', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  const suggestions = chat.suggestions.getByRole('button');
  await expect(suggestions).toHaveCount(3);
  const text = (await suggestions.first().textContent()) ?? '';
  expect(text.length).toBeGreaterThan(0);

  await suggestions.first().click();

  await expect(page).toHaveURL(CHAT_WITH_ID);
  await expect(chat.messages.getByText(text)).toBeVisible();
  await expect(chat.messages.getByRole('listitem').nth(1)).toBeVisible();
  await expect(chat.suggestions).toHaveCount(0);
});

test('out of credits: the assistant refuses, the draft stays, Upgrade opens Settings', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(page);
  await exhaustCredits(request, account.accessToken);
  await page.goto('/chat');
  const chat = new AssistantScreen(page);

  await chat.send('Anything new on the Hendersons?');

  await expect(chat.alert).toHaveText(DETAIL.outOfCredits);
  // The refused first message leaves no empty chat behind: the welcome screen again, message kept.
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Hello, Avery' })).toBeVisible();
  await expect(chat.alert).toHaveText(DETAIL.outOfCredits);
  await expect(chat.composer).toHaveValue('Anything new on the Hendersons?');
  const chats = await apiAs(request, account.accessToken).get('/api/chat/chats');
  expect((await chats.json()).chats).toEqual([]);

  await chat.upgradeButton.click();
  await expect(new AppShell(page).accountDialog).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`on a 375px phone in ${theme}: an approval fits, and the composer sends and stops`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: theme });
    await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);
    await expect(chat.suggestions.getByRole('button')).toHaveCount(3);
    await saveScreenshot(page, `assistant-welcome-375-${theme}`);

    await chat.send(EMAIL_PROMPT);
    const card = chat.approvalCard();
    await expect(card.getByText('Cost: 1 credit')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, `assistant-approval-375-${theme}`);

    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(chat.messages.getByText('is in your outbox', { exact: false })).toBeVisible();
    await chat.send('And who are you?');
    await expect(chat.stopButton).toBeVisible();
    await chat.stop();
    await chat.expectIdle();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
}
