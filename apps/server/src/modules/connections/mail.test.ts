import type { FakeCalendarApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, lastMessage } from '../../testing/assistant.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';
import { sendMailAsUser } from './mail.js';

describe(`sending mail through connected accounts (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let graph: FakeCalendarApi;
  let t: TestApp;

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    ({ google, graph } = fakes);
    t = await createTestApp({ config: fakes.config });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  it('an approved send_email goes out through Gmail, not the outbox', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'google_gmail_modify');
    const call = as(t, user);
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Send a follow-up email to anna@example.com' } },
    });
    const pending = await lastMessage(call, chatId);
    expect(google.sentMail).toEqual([]);
    await decideApproval(call, chatId, pending, true);
    await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(google.sentMail).toEqual([
      expect.objectContaining({ to: 'anna@example.com', subject: 'Following up on our conversation' }),
    ]);
    expect(await t.db.db.selectFrom('outbox_emails').selectAll().execute()).toEqual([]);
    expect((await lastMessage(call, chatId)).content).toBe('Sent from your Gmail to anna@example.com.');
  });

  it('falls back to Outlook, and keeps line breaks out of headers', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'microsoft_outlook_read');
    const userId = await userIdOf(t, user.email);
    const via = await sendMailAsUser(t.app.deps, userId, {
      to: 'bob@example.com',
      subject: 'Review',
      body: 'See you Monday.',
    });
    expect(via).toBe('outlook');
    expect(graph.sentMail.at(-1)).toEqual({
      to: 'bob@example.com',
      subject: 'Review',
      body: 'See you Monday.',
    });

    const gmailUser = await signUp(t);
    await connectViaOAuth(t, gmailUser, 'google_gmail_modify');
    const gmailId = await userIdOf(t, gmailUser.email);
    await sendMailAsUser(t.app.deps, gmailId, {
      to: 'c@example.com',
      subject: 'Hi\r\nBcc: spy@evil.example',
      body: 'x',
    });
    expect(google.sentMail.at(-1)).toMatchObject({
      to: 'c@example.com',
      subject: 'Hi Bcc: spy@evil.example',
    });

    const nobody = await signUp(t);
    const nobodyId = await userIdOf(t, nobody.email);
    expect(
      await sendMailAsUser(t.app.deps, nobodyId, { to: 'd@example.com', subject: 's', body: 'b' }),
    ).toBeNull();
  });
});
