import type { FakeCalendarApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { decideApproval, lastMessage } from '../../../testing/assistant.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, signIn, signUp, userIdOf } from '../../../testing/users.js';
import { ask, startWorkspaceApp, type WorkspaceApp } from '../../../testing/workspace.js';
import { gmail, outlook, sendMailAsUser, sendMailVia } from './mail.js';

describe(`sending mail through connected accounts (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let graph: FakeCalendarApi;
  let t: TestApp;
  const clock = fixedClock('2026-11-20T10:00:00.000Z');

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    ({ google, graph } = fakes);
    t = await createTestApp({ config: fakes.config, clock });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });
  /** A new chat asked for an email (the demo model drafts one with send_email); answers its id. */
  const askForFollowUp = async (call: ReturnType<typeof as>) => {
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Send a follow-up email to anna@example.com' } },
    });
    return chatId;
  };

  it('an approved send_email goes out through Gmail, not the outbox', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'google_gmail_modify');
    const call = as(t, user);
    const chatId = await askForFollowUp(call);
    const pending = await lastMessage(call, chatId);
    expect(google.sentMail).toEqual([]);
    await decideApproval(call, chatId, pending, true);
    await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(google.sentMail).toEqual([
      expect.objectContaining({ to: 'anna@example.com', subject: 'Following up on our conversation' }),
    ]);
    // Through the media upload, which takes messages (and attachments) up to 35 MB.
    expect(google.requests).toContainEqual({
      path: '/upload/gmail/v1/users/me/messages/send',
      query: { uploadType: 'media' },
    });
    expect(await t.db.db.selectFrom('outbox_emails').selectAll().execute()).toEqual([]);
    expect((await lastMessage(call, chatId)).content).toBe('Sent from your Gmail to anna@example.com.');
  });

  it('send_email says Gmail lacks its permission rather than sending from Outlook or keeping it', async () => {
    const user = await signUp(t);
    const userId = await userIdOf(t, user.email);
    await connectViaOAuth(t, user, 'microsoft_outlook_read');
    // The user unticked Gmail on Google's consent screen: only the sign-in scopes are granted.
    fakes.googleAuth.grantNext('openid email');
    await expect(connectViaOAuth(t, user, 'google_gmail_modify')).rejects.toThrow(/permission_missing/);
    const detail =
      'Gmail: permission not granted — reconnect and allow Read, compose and send emails from your Gmail account';
    const sentByGraph = graph.sentMail.length;

    const call = as(t, user);
    const chatId = await askForFollowUp(call);
    const pending = await lastMessage(call, chatId);
    const preview = JSON.stringify(pending.metadata);
    expect(preview).toContain(`it cannot go out until this is fixed: ${detail}`);
    expect(preview).not.toContain('Outlook');
    await decideApproval(call, chatId, pending, true);
    await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    const done = await lastMessage(call, chatId);
    expect(done.metadata.steps).toEqual([{ tool: 'send_email', resultSummary: `Failed: ${detail}` }]);
    expect(graph.sentMail.length).toBe(sentByGraph);
    expect(
      await t.db.db.selectFrom('outbox_emails').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    await expect(
      sendMailAsUser(t.app.deps, userId, { to: 'b@example.com', subject: 's', body: 'b' }),
    ).rejects.toMatchObject({ status: 409, detail });
    expect(graph.sentMail.length).toBe(sentByGraph);
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

  it.each([
    { account: 'gmail', type: 'google_gmail_modify', fake: () => google, from: 'advisor@gmail.com' },
    { account: 'outlook', type: 'microsoft_outlook_read', fake: () => graph, from: 'advisor@firm.example' },
  ] as const)(
    '$account gets a message real mail readers take as written',
    async ({ account, type, fake, from }) => {
      const user = await signUp(t);
      await connectViaOAuth(t, user, type);
      const subject = `Überprüfung Ihres Portfolios – ${'Änderungen für das kommende Jahr, '.repeat(3)}Termin`;
      const body = `Guten Tag Frau Müller,\n\n${'é'.repeat(755)}\n${'x'.repeat(1200)}\nGrüße`;
      const filename = `Plan "Müller" – Q4's Übersicht.pdf`;
      const content = Buffer.from('%PDF-1.4\n%%EOF\n');
      const sent = await sendMailVia(t.app.deps, await userIdOf(t, user.email), account, {
        to: 'ann@henderson.example',
        subject,
        body,
        attachments: [{ filename, contentType: 'application/pdf', content }],
      });
      expect(sent).toBe(true);
      const { raw, parsed } = fake().mime.at(-1)!;

      // RFC 5322: lines of at most 998 bytes, header lines folded at 78; RFC 2047: words of 75.
      const [head = ''] = raw.split('\r\n\r\n');
      expect(head.split('\r\n').filter((line) => line.length > 78)).toEqual([]);
      const words = raw.match(/=\?[^?\s]+\?[bq]\?[^?\s]*\?=/gi) ?? [];
      expect(words.length).toBeGreaterThan(2);
      expect(words.filter((word) => word.length > 75)).toEqual([]);
      expect(raw.split('\r\n').filter((line) => Buffer.byteLength(line) > 998)).toEqual([]);

      expect(parsed.subject).toBe(subject);
      expect(parsed.text).toBe(body);
      expect(parsed.to).toMatchObject({ value: [{ address: 'ann@henderson.example' }] });
      expect(parsed.from).toMatchObject({ value: [{ address: from }] });
      expect(parsed.date).toEqual(clock.now());
      expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
      expect(parsed.attachments).toHaveLength(1);
      const [attachment] = parsed.attachments;
      expect(attachment!.filename).toBe(filename);
      expect(attachment!.contentType).toBe('application/pdf');
      expect(attachment!.content.equals(content)).toBe(true);
      // `name=` on the Content-Type as well, for readers that look only there.
      expect(attachment!.headers.get('content-type')).toMatchObject({ params: { name: filename } });
    },
  );
});

describe(`the assistant's mail tools (${testEngine()})`, () => {
  let w: WorkspaceApp;

  beforeAll(async () => {
    w = await startWorkspaceApp();
    const ann = 'Ann Henderson <ann@henderson.example>';
    const mailbox = [
      {
        id: '18c1a',
        from: ann,
        to: 'advisor@firm.example',
        subject: 'Annual review',
        date: '2026-11-20T10:00:00.000Z',
        text: 'Can we move the annual review to Friday?',
        html: '<p>Can we move the <b>annual review</b> to Friday?</p>',
      },
      {
        id: '18c1b',
        from: 'Markets Weekly <news@markets.example>',
        to: 'advisor@firm.example',
        subject: 'Q4 plan & outlook',
        date: '2026-11-21T10:00:00.000Z',
        html: '<style>p { color: red }</style><p>Rates &amp; markets</p><p>Line&nbsp;two</p>',
      },
      {
        id: '18c1c',
        from: ann,
        to: 'advisor@firm.example',
        subject: 'Lunch',
        date: '2026-11-19T10:00:00.000Z',
        text: 'Lunch next week?',
      },
      {
        id: '18c1d',
        from: 'ops@custodian.example',
        to: 'advisor@firm.example',
        subject: 'Statement export',
        date: '2026-11-18T10:00:00.000Z',
        text: 'x'.repeat(25_000),
      },
    ];
    w.google.messages.push(...mailbox);
    w.graph.messages.push(...mailbox);
  });
  afterAll(() => w.close());

  it('gmail_search then gmail_read, through a chat', async () => {
    const user = await signUp(w.t);
    await connectViaOAuth(w.t, user, 'google_gmail_modify');
    const { reply, results } = await ask(
      w,
      user,
      'What did Ann say about the review?',
      [
        ['gmail_search', { query: 'from:ann "annual review"' }],
        ['gmail_read', { id: '18c1a' }],
      ],
      'Ann wants to move it to Friday.',
    );
    expect(reply.content).toBe('Ann wants to move it to Friday.');
    expect(reply.metadata.steps).toEqual([
      { tool: 'gmail_search', resultSummary: '1 message' },
      { tool: 'gmail_read', resultSummary: 'Read “Annual review”' },
    ]);
    expect(w.google.requests).toContainEqual({
      path: '/gmail/v1/users/me/messages',
      query: { q: 'from:ann "annual review"', maxResults: '10' },
    });
    const [found, read] = results;
    const summary = {
      id: '18c1a',
      from: 'Ann Henderson <ann@henderson.example>',
      to: 'advisor@firm.example',
      subject: 'Annual review',
      date: '2026-11-20T10:00:00.000Z',
      snippet: 'Can we move the annual review to Friday?',
    };
    expect(found).toEqual([summary]);
    expect(read).toEqual({ ...summary, body: 'Can we move the annual review to Friday?', truncated: false });
  });

  it('outlook_search escapes quotes for Graph, then outlook_read, through a chat', async () => {
    const user = await signUp(w.t);
    await connectViaOAuth(w.t, user, 'microsoft_outlook_read');
    const { reply, results } = await ask(
      w,
      user,
      'Find the Q4 plan mail',
      [
        ['outlook_search', { query: 'subject:"Q4 plan"' }],
        ['outlook_read', { id: '18c1b' }],
      ],
      'It is the Markets Weekly.',
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'outlook_search', resultSummary: '1 message' },
      { tool: 'outlook_read', resultSummary: 'Read “Q4 plan & outlook”' },
    ]);
    expect(w.graph.requests).toContainEqual({
      path: '/v1.0/me/messages',
      query: {
        $search: '"subject:\\"Q4 plan\\""',
        $top: '10',
        $select: 'id,subject,from,toRecipients,receivedDateTime,bodyPreview',
      },
    });
    const [found, read] = results;
    expect(found).toEqual([
      {
        id: '18c1b',
        from: 'Markets Weekly <news@markets.example>',
        to: 'advisor@firm.example',
        subject: 'Q4 plan & outlook',
        date: '2026-11-21T10:00:00Z',
        snippet: 'Rates & markets Line two',
      },
    ]);
    // Graph was asked for text; the fake converts like Graph, so the body is the text of the HTML.
    expect(read).toMatchObject({ id: '18c1b', body: 'Rates & markets Line two', truncated: false });
  });

  it('reads an HTML-only body as text, and cuts a long body at 20,000 characters', async () => {
    const user = await signUp(w.t);
    await connectViaOAuth(w.t, user, 'google_gmail_modify');
    await connectViaOAuth(w.t, user, 'microsoft_outlook_read');
    const userId = await userIdOf(w.t, user.email);
    expect((await gmail.read(w.t.app.deps, userId, '18c1b')).body).toBe('Rates & markets\nLine two');
    for (const account of [gmail, outlook]) {
      const long = await account.read(w.t.app.deps, userId, '18c1d');
      expect([long.body.length, long.truncated]).toEqual([20_000, true]);
      await expect(account.read(w.t.app.deps, userId, 'nope')).rejects.toMatchObject({
        status: 404,
        detail: 'Message not found',
      });
    }
  });

  it.each([
    { type: 'google_gmail_modify', tool: 'gmail_draft', system: 'Gmail', fake: () => w.google },
    { type: 'microsoft_outlook_read', tool: 'outlook_draft', system: 'Outlook', fake: () => w.graph },
  ])('$tool saves a draft only after the user approves it', async ({ type, tool, system, fake }) => {
    const user = await signUp(w.t);
    await connectViaOAuth(w.t, user, type);
    const draft = { to: 'ann@henderson.example', subject: 'Re: Annual review', body: 'Friday works.' };
    const { call, chatId, reply } = await ask(w, user, 'Draft a yes to Ann', [[tool, draft]]);
    expect(reply.metadata.approvals[0]).toMatchObject({
      tool,
      status: 'pending',
      input: draft,
      preview: {
        system,
        action: 'Create a draft to ann@henderson.example',
        fields: [
          { label: 'To', value: draft.to },
          { label: 'Subject', value: draft.subject },
          { label: 'Body', value: draft.body },
        ],
      },
    });
    const before = fake().drafts.length;
    expect(fake().drafts).not.toContainEqual(draft);

    await decideApproval(call, chatId, reply, true);
    w.llm.enqueue({ text: `Saved in your ${system} drafts.` });
    await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(fake().drafts.length).toBe(before + 1);
    expect(fake().drafts.at(-1)).toEqual(draft);
    const done = await lastMessage(call, chatId);
    expect(done.metadata.steps).toEqual([{ tool, resultSummary: 'Draft created' }]);
    expect(done.content).toBe(`Saved in your ${system} drafts.`);
  });

  it('a connection that lapsed answers its 409 detail to the model, and the chat goes on', async () => {
    let user = await signUp(w.t);
    await connectViaOAuth(w.t, user, 'google_gmail_modify');
    // The access token expires and Google refuses the refresh (the user revoked access).
    w.clock.advance(2 * 3600_000);
    w.googleAuth.failNextRefresh();
    user = await signIn(w.t, user);
    const { reply, results } = await ask(
      w,
      user,
      'Any mail from Ann?',
      [['gmail_search', { query: 'from:ann' }]],
      'Gmail needs to be reconnected.',
    );
    expect(results).toEqual(['Gmail is not connected']);
    expect(reply.metadata.steps).toEqual([
      { tool: 'gmail_search', resultSummary: 'Failed: Gmail is not connected' },
    ]);
    expect(reply.content).toBe('Gmail needs to be reconnected.');
    expect(reply.metadata.error).toBeUndefined();
  });
});
