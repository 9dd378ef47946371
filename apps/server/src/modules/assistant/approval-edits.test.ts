import type { FakeCalendarApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage } from '../../testing/assistant.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

type Call = ReturnType<typeof as>;

const EDIT = {
  to: 'ann.henderson@example.com',
  subject: 'Your Q3 portfolio review',
  body: 'Hi Ann,\n\nAttached is the summary we discussed.\n\nBest',
};

describe(`an approval edited before it runs (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let t: TestApp;
  let u: SignedInUser;
  let call: Call;
  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    google = fakes.google;
    t = await createTestApp({ config: fakes.config });
    u = await signUp(t);
    call = as(t, u);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const pendingEmail = async (caller: Call = call) => {
    const chatId = (await caller({ method: 'POST', url: '/api/chat/chats', payload: {} })).json()
      .id as string;
    const res = await caller({
      method: 'POST',
      url: '/api/chat/completion',
      payload: {
        chat_id: chatId,
        message: { content: 'Draft an email about the Q3 review to anna@example.com' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { chatId, reply: await lastMessage(caller, chatId) };
  };
  const decide = (
    caller: Call,
    chatId: string,
    reply: { id: string; metadata: { approvals: Array<{ tool_call_uuid: string }> } },
    body: { approve: boolean; input?: Record<string, unknown> },
  ) =>
    caller({
      method: 'POST',
      url: '/api/chat/tool-approval',
      payload: {
        chat_id: chatId,
        message_id: reply.id,
        tool_call_uuid: reply.metadata.approvals[0]!.tool_call_uuid,
        ...body,
      },
    });
  const outbox = () => t.db.db.selectFrom('outbox_emails').selectAll().orderBy('created_at').execute();
  const approvalRow = (id: string) =>
    t.db.db.selectFrom('tool_approvals').selectAll().where('message_id', '=', id).executeTakeFirstOrThrow();

  it('the demo drafts on the topic asked, and says which fields may be edited', async () => {
    const { reply } = await pendingEmail();
    expect(reply.metadata.approvals[0]).toMatchObject({
      tool: 'send_email',
      status: 'pending',
      editable_fields: ['to', 'subject', 'body'],
      input: { to: 'anna@example.com', subject: 'The Q3 review' },
    });
    expect(reply.metadata.approvals[0].input.body).toContain('about the Q3 review');
  });

  it('sends exactly the edited email, keeps it as what was approved, and audits it', async () => {
    const { chatId, reply } = await pendingEmail();
    const before = (await outbox()).length;
    const res = await decide(call, chatId, reply, { approve: true, input: EDIT });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tool_call_uuid: reply.metadata.approvals[0].tool_call_uuid,
      status: 'approved',
    });

    // What was approved is stored: the approval row and the reply's parts both hold the edit.
    const row = await approvalRow(reply.id);
    expect(JSON.parse(row.input)).toEqual(EDIT);
    const stored = await lastMessage(call, chatId);
    expect(stored.metadata.approvals[0]).toMatchObject({
      input: EDIT,
      edited: true,
      preview: { action: `Keep an email to ${EDIT.to} in the outbox (no mail account is connected)` },
    });

    const resumed = await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(resumed.statusCode).toBe(200);
    const sent = (await outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to_address: EDIT.to, subject: EDIT.subject, body: EDIT.body });
    const final = await lastMessage(call, chatId);
    expect(final.content).toContain(`The email to ${EDIT.to} is in your outbox`);
    expect(final.metadata.approvals[0]).toMatchObject({ status: 'approved', edited: true, input: EDIT });

    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'approval.edited')
      .orderBy('seq')
      .execute();
    expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({
      chat_id: chatId,
      changed: ['to', 'subject', 'body'],
      arguments: EDIT,
    });
  });

  it('refuses a bad edit with 422 and changes nothing; the approval stays pending', async () => {
    const { chatId, reply } = await pendingEmail();
    const cases: Array<[Record<string, unknown>, string, boolean?]> = [
      [{ to: 'not an address' }, 'Invalid body.input.to: Invalid email address'],
      [{ subject: '' }, 'Invalid body.input.subject: Too small: expected string to have >=1 characters'],
      [{ bcc: 'spy@evil.example' }, 'Invalid body.input.bcc: cannot be edited'],
      [{ to: EDIT.to }, 'Edits are approved, not denied: deny without them', false],
    ];
    for (const [input, detail, approve = true] of cases) {
      const res = await decide(call, chatId, reply, { approve, input });
      expect(res.statusCode, JSON.stringify(input)).toBe(422);
      expect(res.json()).toEqual({ detail });
    }
    const row = await approvalRow(reply.id);
    expect(row.status).toBe('pending');
    expect(JSON.parse(row.input).to).toBe('anna@example.com');
    expect(JSON.stringify((await lastMessage(call, chatId)).metadata)).not.toContain('evil');
  });

  it("answers 404 for another user's approval, edit or not", async () => {
    const { chatId, reply } = await pendingEmail();
    const mallory = as(t, await signUp(t));
    expect((await decide(mallory, chatId, reply, { approve: true, input: EDIT })).statusCode).toBe(404);
    expect((await approvalRow(reply.id)).status).toBe('pending');
  });

  it('through Gmail, the message that leaves has the edit (read back with mailparser)', async () => {
    const gmailUser = await signUp(t);
    await connectViaOAuth(t, gmailUser, 'google_gmail_modify');
    const gmailCall = as(t, gmailUser);
    const { chatId, reply } = await pendingEmail(gmailCall);
    expect((await decide(gmailCall, chatId, reply, { approve: true, input: EDIT })).statusCode).toBe(200);
    await gmailCall({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    const mime = google.mime.at(-1)!;
    expect(mime.parsed.subject).toBe(EDIT.subject);
    expect(mime.parsed.text?.trim()).toBe(EDIT.body);
    expect(mime.parsed.to).toMatchObject({ value: [{ address: EDIT.to }] });
    expect(google.sentMail.at(-1)).toMatchObject(EDIT);
    expect(google.sentMail.some((m) => m.to === 'anna@example.com')).toBe(false);
  });
});
