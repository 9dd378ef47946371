// The document view's client suggestions: the people of the user's meetings, the clients of their
// reviews and filed documents, and those the document names, with where; owner only.
import { DOCUMENT_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf, uploadDocument } from '../../testing/documents.js';
import { addMeeting } from '../../testing/meeting-bot.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';

describe(`client suggestions for a document (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  let userId: string;
  const email = 'dana@reyes-advisors.example';

  beforeAll(async () => {
    t = await createTestApp();
    call = as(t, await signUp(t, { email, name: 'Dana Reyes' }));
    other = as(t, await signUp(t));
    userId = await userIdOf(t, email);
    const people = (list: Array<[string, string]>) =>
      JSON.stringify(list.map(([name, mail]) => ({ name, email: mail, response_status: 'accepted' })));
    await addMeeting(t, userId, {
      start_time: '2026-10-01T15:00:00Z',
      participants: people([
        ['Dana Reyes', email],
        ['Ann Henderson', 'ann@henderson.example'],
        ['José González', 'jose@gonzalez.example'],
      ]),
    });
    await addMeeting(t, userId, {
      start_time: '2026-10-08T15:00:00Z',
      participants: people([
        ['Bob Smith', 'bob@smith.example'],
        ['', 'nameless@example.com'],
      ]),
    });
  });
  afterAll(() => t.close());

  const suggestions = (who: typeof call, id: string) =>
    who({ method: 'GET', url: DOCUMENT_PATHS.clientSuggestions(id) });

  it('offers the known clients and proposes the one the text names, with the page', async () => {
    const filed = (await uploadDocument(call, 'old.txt', Buffer.from('An old note.'))).json().id as string;
    await call({ method: 'PATCH', url: DOCUMENT_PATHS.item(filed), payload: { client: 'Carla Ortiz' } });
    const { id } = (
      await uploadDocument(
        call,
        'statement.pdf',
        await pdfOf([
          'Quarterly statement. Account holder: HENDERSON, account 4411.',
          'Transfer received from Jose  Gonzalez on 12 September.',
        ]),
        'application/pdf',
      )
    ).json();
    const res = await suggestions(call, id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clients).toEqual([
      { name: 'Ann Henderson', email: 'ann@henderson.example', sources: ['meetings'] },
      { name: 'Bob Smith', email: 'bob@smith.example', sources: ['meetings'] },
      { name: 'Carla Ortiz', email: null, sources: ['documents'] },
      { name: 'José González', email: 'jose@gonzalez.example', sources: ['meetings'] },
    ]);
    // Named by the surname on page 1, and by the full name (accents and spacing aside) on page 2.
    expect(body.named).toEqual([
      expect.objectContaining({ name: 'Ann Henderson', matched: 'Henderson', location: 'page 1', seq: 0 }),
      expect.objectContaining({
        name: 'José González',
        matched: 'José González',
        location: 'page 2',
        seq: 1,
      }),
    ]);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'document.read')
      .where('target', '=', id)
      .execute();
    expect(audit.map((a) => JSON.parse(String(a.details)).as)).toEqual(['client']);
  });

  it('names no one when the text names no known client, not even inside another word', async () => {
    const { id } = (
      await uploadDocument(
        call,
        'memo.txt',
        Buffer.from('Smithfield Foods shares and the Hendersonville fund.'),
      )
    ).json();
    expect((await suggestions(call, id)).json().named).toEqual([]);
  });

  it("answers 404 for another user's document", async () => {
    const { id } = (await uploadDocument(call, 'mine.txt', Buffer.from('Henderson.'))).json();
    const res = await suggestions(other, id);
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Document not found' }]);
  });
});
