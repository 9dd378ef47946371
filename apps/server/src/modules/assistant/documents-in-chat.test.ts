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
});
