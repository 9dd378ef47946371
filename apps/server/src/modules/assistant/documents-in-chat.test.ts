import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf, scannedPdfOf, uploadDocument } from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp } from '../../testing/users.js';

describe(`documents in the conversation (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let statementId: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = as(t, await signUp(t));
    const res = await uploadDocument(
      call,
      'Q3 statement.pdf',
      await pdfOf([
        'Quarterly statement for Ann Henderson, period ending September 30.',
        'Asset allocation: 60% equities, 35% bonds, 5% cash.',
        'Contributions this quarter: 6,500 to the 401(k) plan.',
      ]),
      'application/pdf',
    );
    statementId = res.json().id;
  });
  afterAll(() => t.close());

  const newChat = async () =>
    (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
  const ask = (chatId: string, content: string, documentIds?: string[]) =>
    call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: {
        chat_id: chatId,
        message: { content, ...(documentIds ? { document_ids: documentIds } : {}) },
      },
    });
  const messagesOf = async (chatId: string) =>
    (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages as Array<{
      role: string;
      content: string;
      metadata: Record<string, unknown> | null;
    }>;
  const credits = async () =>
    (
      await call({
        method: 'GET',
        url: `/api/credits/usage/${(await call({ method: 'GET', url: '/api/studio/users/me' })).json().uuid}`,
      })
    ).json().credits_used as number;

  it('answers from the attached statement, citing the page, and charges the reply as any other', async () => {
    const chatId = await newChat();
    const before = await credits();
    const res = await ask(chatId, 'What is the asset allocation?', [statementId]);
    expect(res.statusCode).toBe(200);
    const [asked, reply] = await messagesOf(chatId);
    // The user's message is stored as written, with its document as a chip.
    expect(asked).toMatchObject({
      role: 'user',
      content: 'What is the asset allocation?',
      metadata: { documents: [{ id: statementId, filename: 'Q3 statement.pdf', kind: 'pdf' }] },
    });
    // The demo model got the passages in the user's turn: it quotes the one that answers, cited.
    expect(reply!.content).toContain(
      `> Asset allocation: 60% equities, 35% bonds, 5% cash.\n\n— [Q3 statement.pdf, page 2](/documents/${statementId}?at=1)`,
    );
    // Only the passage that holds the question's words goes with it.
    expect(reply!.content).not.toContain('Contributions');
    expect(await credits()).toBe(before + 1);

    // A later question in the chat searches the documents attached earlier.
    await ask(chatId, 'How much were the 401(k) contributions?');
    const followUp = (await messagesOf(chatId)).at(-1)!;
    expect(followUp.content).toMatch(
      /^Here is what I found in your documents:\n\n> Contributions this quarter: 6,500 to the 401\(k\) plan\.\n\n— \[Q3 statement\.pdf, page 3\]/,
    );

    const reads = await t.db.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'document.read')
      .where('target', '=', statementId)
      .execute();
    // Each question's read is in the audit trail, with the passages that went to the model.
    expect(reads.map((r) => JSON.parse(r.details))).toEqual([
      { as: 'chat', chat_id: chatId, passages: 1 },
      { as: 'chat', chat_id: chatId, passages: 1 },
    ]);
  });

  it('says plainly that a scanned PDF has no text to read', async () => {
    const scan = (await uploadDocument(call, 'scan.pdf', await scannedPdfOf(1), 'application/pdf')).json();
    const chatId = await newChat();
    expect((await ask(chatId, 'What does it say?', [scan.id])).statusCode).toBe(200);
    expect((await messagesOf(chatId)).at(-1)!.content).toContain(
      '**scan.pdf** has no text layer (it is a scanned image), so I cannot read it.',
    );
  });

  it("refuses another user's document with 404 and stores nothing", async () => {
    const stranger = as(t, await signUp(t));
    const theirs = (await uploadDocument(stranger, 'theirs.txt', Buffer.from('Private notes.'))).json();
    const chatId = await newChat();
    const res = await ask(chatId, 'Read this', [theirs.id]);
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Document not found' }]);
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it('deletes a chat with its attached documents only when asked, the caller’s only, not under hold', async () => {
    const upload = async (name: string) =>
      (await uploadDocument(call, name, Buffer.from(`${name}: 60% equities.`))).json().id as string;
    const names = async () =>
      (await call({ method: 'GET', url: '/api/documents' }))
        .json()
        .map((d: { filename: string }) => d.filename);
    const attachedIn = async (chatId: string) =>
      (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/documents` })).json();

    // Without the parameter the chat goes and its documents stay, as before.
    const kept = await upload('kept.txt');
    const first = await newChat();
    await ask(first, 'What is the allocation?', [kept]);
    expect((await call({ method: 'DELETE', url: `/api/chat/chats/${first}` })).json()).toEqual({
      success: true,
    });
    expect(await names()).toContain('kept.txt');

    // Two documents over two messages, one already deleted by hand: the chat lists those still kept.
    const [a, b, gone] = [await upload('a.txt'), await upload('b.txt'), await upload('gone.txt')];
    const chatId = await newChat();
    await ask(chatId, 'Compare them', [a, gone]);
    await ask(chatId, 'And this one?', [b, a]);
    await call({ method: 'DELETE', url: `/api/documents/${gone}` });
    expect(await attachedIn(chatId)).toEqual({
      documents: [
        { id: a, filename: 'a.txt', kind: 'txt' },
        { id: b, filename: 'b.txt', kind: 'txt' },
      ],
    });

    // Another user sees neither the chat's documents nor deletes anything.
    const stranger = as(t, await signUp(t));
    for (const res of [
      await stranger({ method: 'GET', url: `/api/chat/chats/${chatId}/documents` }),
      await stranger({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=delete` }),
    ])
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Chat not found' }]);
    // A value it does not know is refused and changes nothing.
    const bad = await call({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=yes` });
    expect([bad.statusCode, typeof bad.json().detail]).toEqual([422, 'string']);
    // On legal hold, nothing goes.
    const userId = (await call({ method: 'GET', url: '/api/studio/users/me' })).json().id as string;
    await t.db.db
      .insertInto('legal_holds')
      .values({
        user_id: userId,
        reason: 'Audit',
        placed_by: 'compliance',
        placed_at: new Date().toISOString(),
      })
      .execute();
    const held = await call({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=delete` });
    expect(held.statusCode).toBe(409);
    expect(await names()).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
    await t.db.db.deleteFrom('legal_holds').where('user_id', '=', userId).execute();

    const deleted = await call({ method: 'DELETE', url: `/api/chat/chats/${chatId}?documents=delete` });
    expect(deleted.json()).toEqual({ success: true });
    const left = await names();
    expect(left).toContain('kept.txt');
    expect(left).not.toContain('a.txt');
    expect(left).not.toContain('b.txt');
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'document.deleted')
      .where('target', 'in', [a, b, kept])
      .execute();
    expect(audited.map((r) => r.target).sort()).toEqual([a, b].sort());
    expect((await call({ method: 'GET', url: `/api/chat/chats/${chatId}` })).statusCode).toBe(404);
  });
});
