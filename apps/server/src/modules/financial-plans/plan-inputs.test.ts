// "Use in financial plan" (issue 26): the plan inputs one of the user's statements proposes, read
// by the demo model from the document's passages, each citing the page it came from.
import { DOCUMENT_PATHS, type TPlanInputProposals } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCRIPT } from '../../demo-script.js';
import { DemoLanguageModel, fencedJson } from '../../platform/llm/demo-model.js';
import { pdfOf, scannedPdfOf, uploadDocument, xlsxOf } from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';
import { PLAN_INPUTS_PROMPT } from './prompts.js';

const Q3_STATEMENT = [
  'Riverside Brokerage\nQ3 statement for Ann Henderson\nJuly 1 to September 30, 2026',
  '401(k) account summary\nEnding balance: $850,000.00\nChange in value: $12,400.00\nYour contributions: $1,500 per month',
  'Holdings\nVTI 120 shares $28,800\nBND 200 shares $14,600\nDividends paid: $310.00',
];

describe(`plan inputs from a document (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await signUp(t);
    call = as(t, user);
    userId = await userIdOf(t, user.email);
    other = as(t, await signUp(t));
  });
  afterAll(() => t.close());

  const upload = async (name: string, content: Buffer) => {
    const res = await uploadDocument(call, name, content);
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  };
  const propose = (id: string, as = call) => as({ method: 'POST', url: DOCUMENT_PATHS.planInputs(id) });
  /** The document's reads in the audit trail, by what each read it as. */
  const readsOf = async (id: string) =>
    (
      await t.db.db
        .selectFrom('audit_log')
        .select('details')
        .where('target', '=', id)
        .where('action', '=', 'document.read')
        .orderBy('seq')
        .execute()
    ).map((a) => JSON.parse(String(a.details)).as);

  it('proposes the balance and the yearly contributions with the page each is on, metered and audited', async () => {
    const id = await upload('Q3 statement.pdf', await pdfOf(Q3_STATEMENT));
    const res = await propose(id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TPlanInputProposals;
    expect(body).toMatchObject({ document_id: id, filename: 'Q3 statement.pdf' });
    expect(body.proposals.map(({ field, value, location }) => ({ field, value, location }))).toEqual([
      { field: 'current_assets', value: 850_000, location: 'page 2' },
      { field: 'annual_savings', value: 18_000, location: 'page 2' },
    ]);
    expect(body.proposals[0]!.label).toBe('Ending balance: $850,000.00');
    expect(body.proposals[1]!.label).toBe('Your contributions: $1,500 per month');
    // The citation is the passage that holds the figure, as the document view numbers it.
    const text = await call({ method: 'GET', url: DOCUMENT_PATHS.text(id) });
    const cited = text.json().passages_text.find((p: { seq: number }) => p.seq === body.proposals[0]!.seq);
    expect(cited.content).toContain('$850,000.00');

    const charges = await t.db.db
      .selectFrom('credit_ledger')
      .select('reason')
      .where('user_id', '=', userId)
      .where('reason', '=', 'model: financial plan inputs from a document')
      .execute();
    expect(charges).toHaveLength(1);
    expect(await readsOf(id)).toEqual(['plan', 'text']);
  });

  it('adds up the holdings when the statement states no balance', async () => {
    const id = await upload(
      'Holdings.pdf',
      await pdfOf(['Positions', 'VTI 120 shares $28,800\nBND 200 shares $14,600.50']),
    );
    const body = (await propose(id)).json() as TPlanInputProposals;
    expect(body.proposals).toEqual([
      expect.objectContaining({ field: 'current_assets', value: 43_400.5, location: 'page 2' }),
    ]);
    expect(body.proposals[0]!.label).toBe('Holdings VTI and BND, added up');
  });

  it('answers an empty list for a document without figures, a scan or a sheet of plain numbers', async () => {
    for (const [name, content] of [
      ['Letter.pdf', await pdfOf(['Dear Ann,\nThank you for meeting with us last week.'])],
      ['Scan.pdf', await scannedPdfOf(2)],
      [
        'Notes.xlsx',
        await xlsxOf({
          Notes: [
            ['Topic', 'Owner'],
            ['Estate plan', 'Ann'],
          ],
        }),
      ],
    ] as const) {
      const id = await upload(name, content);
      const res = await propose(id);
      expect([res.statusCode, res.json().proposals], name).toEqual([200, []]);
    }
  });

  it("answers 404 for another user's document or one that does not exist, reading nothing", async () => {
    const id = await upload('Q3 statement.pdf', await pdfOf(Q3_STATEMENT));
    for (const res of [await propose(id, other), await propose('no-such-document')])
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Document not found' }]);
    expect(await readsOf(id)).toEqual([]);
  });

  it('keeps only proposals citing a passage the document has, each once', async () => {
    // A model that cites a passage past the end of the document and names one figure twice.
    const answer = {
      proposals: [
        { field: 'current_assets', value: 850_000, label: 'Ending balance', seq: 1 },
        { field: 'current_assets', value: 850_000, label: 'Balance at the end', seq: 1 },
        { field: 'annual_income', value: 240_000, label: 'Salary', seq: 7 },
      ],
    };
    const model = new DemoLanguageModel({
      script: {
        ...DEMO_SCRIPT,
        tasks: {
          ...DEMO_SCRIPT.tasks,
          [PLAN_INPUTS_PROMPT.task]: () => ({ kind: 'text', text: fencedJson(answer) }),
        },
      },
      tokenDelayMs: 0,
    });
    const scripted = await createTestApp({ llm: model });
    try {
      const user = as(scripted, await signUp(scripted));
      const id = (await uploadDocument(user, 'Q3 statement.pdf', await pdfOf(Q3_STATEMENT))).json().id;
      const res = await user({ method: 'POST', url: DOCUMENT_PATHS.planInputs(id) });
      expect([res.statusCode, res.json().proposals]).toEqual([
        200,
        [{ field: 'current_assets', value: 850_000, label: 'Ending balance', seq: 1, location: 'page 2' }],
      ]);
    } finally {
      await scripted.close();
    }
  });
});
