// A conversation exported for the client file (issue 26): Markdown and PDF, the conversation as it
// stands with its tool steps and citations in words, only by its owner, each export audited.
import { CHAT_PATHS, PDF_PATHS, type TPdfInfo } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

const QUESTION = 'What is the RMD at age 75 with a balance of 500,000?';
const CITED = 'On page 2 the allocation is 62% equities ([Q3 statement.pdf, page 2](/documents/d1?at=3)).';

describe(`exporting a conversation (${testEngine()})`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let other: SignedInUser;
  let chatId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t);
    other = await signUp(t);
    const res = await as(
      t,
      ann,
    )({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: 'Henderson: RMD' } });
    chatId = res.json().id;
    // The demo model answers with its RMD tool, so the reply has a tool step.
    const reply = await as(
      t,
      ann,
    )({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: QUESTION } },
    });
    expect(reply.statusCode).toBe(200);
    await as(
      t,
      ann,
    )({
      method: 'POST',
      url: CHAT_PATHS.messages(chatId),
      payload: { role: 'assistant', content: CITED },
    });
  });
  afterAll(() => t.close());

  const audited = () =>
    t.db.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', chatId)
      .where('action', '=', 'chat.exported')
      .orderBy('seq')
      .execute();

  it('as Markdown: the messages with their times, the tool used, and citations in words', async () => {
    const res = await as(t, ann)({ method: 'GET', url: CHAT_PATHS.exportMarkdown(chatId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /filename\*=UTF-8''Henderson%20RMD%20%E2%80%94%20chat%20%E2%80%94%20\d{4}-\d{2}-\d{2}\.md/,
    );
    const md = res.body;
    expect(md).toMatch(/^# Henderson: RMD\n/);
    expect(md).toMatch(/## You, [A-Z][a-z]{2} \d+, \d{4}, \d+:\d{2}\s[AP]M\n\nWhat is the RMD/);
    expect(md).toContain('required minimum distribution');
    expect(md).toContain('Tools used:\n- Required minimum distribution: RMD $20,325.20');
    expect(md).toContain('(Q3 statement.pdf, page 2)');
    expect(md).not.toContain('/documents/');
    expect((await audited()).at(-1)?.details).toContain('"format":"markdown"');
  });

  it('as a PDF among the user’s PDFs, with the same conversation', async () => {
    const res = await as(t, ann)({ method: 'POST', url: CHAT_PATHS.exportPdf(chatId) });
    expect(res.statusCode).toBe(200);
    const info: TPdfInfo = res.json();
    expect(info.filename).toMatch(/^Henderson RMD — chat — \d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await as(t, ann)({ method: 'GET', url: `${PDF_PATHS.list}/${info.id}` });
    const text = pdfText(file.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Henderson: RMD');
    expect(text).toContain('What is the RMD at age 75');
    expect(text).toContain('Q3 statement.pdf, page 2');
    expect((await audited()).at(-1)?.details).toContain('"format":"pdf"');
  });

  it("answers 404 for another user's chat, exporting and auditing nothing", async () => {
    const before = (await audited()).length;
    for (const res of [
      await as(t, other)({ method: 'GET', url: CHAT_PATHS.exportMarkdown(chatId) }),
      await as(t, other)({ method: 'POST', url: CHAT_PATHS.exportPdf(chatId) }),
      await as(t, ann)({ method: 'GET', url: CHAT_PATHS.exportMarkdown('no-such-chat') }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Chat not found' }]);
    }
    expect(await audited()).toHaveLength(before);
  });
});
