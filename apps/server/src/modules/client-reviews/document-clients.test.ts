// The document view's client suggestions: the people of the user's meetings, the clients of their
// reviews and filed documents, and those the document names, with where; owner only.
import { DOCUMENT_PATHS } from '@knap/contracts';
import { type FakeOidc, type FakeWealthbox, startFakeOidc, startFakeWealthbox } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViaOAuth } from '../../testing/connections.js';
import { pdfOf, uploadDocument } from '../../testing/documents.js';
import { addMeeting } from '../../testing/meeting-bot.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';
import { namesInText } from './document-clients.js';

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

describe('the names a document holds, for the CRMs to be asked about', () => {
  it('takes runs of capitalized words and a surname in capitals after its cue, not headings', () => {
    const passages = [
      { content: 'Quarterly Statement. Account holder: OKAFOR. Account Summary, Total Value $1,200.' },
      { content: 'Dear Mary Okafor, a transfer from Jose Gonzalez arrived. Mary Okafor signed.' },
    ];
    expect(namesInText(passages)).toEqual(['OKAFOR', 'Mary Okafor', 'Jose Gonzalez']);
    expect(namesInText(passages, 2)).toEqual(['OKAFOR', 'Mary Okafor']);
  });
});

describe(`client suggestions from the connected CRM (${testEngine()})`, () => {
  let t: TestApp;
  let auth: FakeOidc;
  let wealthbox: FakeWealthbox;
  let call: ReturnType<typeof as>;

  beforeAll(async () => {
    auth = await startFakeOidc({ user: { sub: 'w', email: 'lee@advisors.example', name: 'Lee' } });
    wealthbox = await startFakeWealthbox(auth);
    wealthbox.contacts.push(
      { id: 21, first_name: 'Mary', last_name: 'Okafor', email: 'mary@okafor.example' },
      { id: 22, first_name: 'Cara', last_name: 'Wealth', email: 'cara@wealthco.example' },
    );
    t = await createTestApp({
      config: { oauthProviders: { wealthbox: auth.endpoints }, apis: { wealthbox: wealthbox.url } },
    });
    const lee = await signUp(t);
    call = as(t, lee);
    await connectViaOAuth(t, lee, 'wealthbox');
  });
  afterAll(async () => {
    await t.close();
    await wealthbox.close();
    await auth.close();
  });

  it('proposes the CRM contact the text names, never one it does not', async () => {
    const { id } = (
      await uploadDocument(
        call,
        'statement.pdf',
        await pdfOf(['Quarterly statement.', 'Prepared for Mary Okafor, account 7781.']),
        'application/pdf',
      )
    ).json();
    const body = (await call({ method: 'GET', url: DOCUMENT_PATHS.clientSuggestions(id) })).json();
    expect(body.clients).toEqual([{ name: 'Mary Okafor', email: 'mary@okafor.example', sources: ['crm'] }]);
    expect(body.named).toEqual([
      expect.objectContaining({
        name: 'Mary Okafor',
        matched: 'Mary Okafor',
        location: 'page 2',
        sources: ['crm'],
      }),
    ]);
  });

  it('answers from what the app knows when the CRM does not answer', async () => {
    const { id } = (
      await uploadDocument(call, 'note.txt', Buffer.from('Call Mary Okafor about the IRA.'))
    ).json();
    await wealthbox.close();
    const res = await call({ method: 'GET', url: DOCUMENT_PATHS.clientSuggestions(id) });
    expect([res.statusCode, res.json()]).toEqual([200, { named: [], clients: [] }]);
  });
});
