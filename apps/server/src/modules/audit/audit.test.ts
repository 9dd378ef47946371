import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMAIL_PATHS, OPERATOR_PATHS, PDF_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { migrate, openDb } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { formOf, sampleRoadmap } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, signUpVerified } from '../../testing/users.js';
import { recordAudit, verifyAudit } from './service.js';

const OPERATOR = 'ops@audit.example';

describe(`the audit trail (${testEngine()})`, () => {
  let t: TestApp;
  let operator: SignedInUser;
  let dana: SignedInUser;
  let danaId: string;

  beforeAll(async () => {
    t = await createTestApp({
      clock: fixedClock('2026-11-22T09:00:00.000Z'),
      config: { operatorEmails: [OPERATOR] },
    });
    operator = await signUpVerified(t, { email: OPERATOR });
    dana = await signUp(t, { name: 'Dana Reyes' });
    danaId = (await as(t, dana)({ method: 'GET', url: '/api/studio/users/me' })).json().uuid;
  });
  afterAll(() => t.close());

  const exported = async (query: string) => {
    const res = await as(t, operator)({ method: 'GET', url: `${OPERATOR_PATHS.audit}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const linesOf = (body: string) =>
    body
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as { seq: number; action: string; user_id: string; target: string; details: string },
      );

  it('records sign-ins, PDFs and outgoing email, and exports them by user as JSON lines and CSV', async () => {
    const pdf = (
      await as(t, dana)({ method: 'POST', url: PDF_PATHS.generate, payload: sampleRoadmap() })
    ).json();
    const sent = await as(
      t,
      dana,
    )({
      method: 'POST',
      url: EMAIL_PATHS.send,
      payload: formOf({
        to: 'ann@henderson.example',
        subject: '=HYPERLINK("evil") roadmap',
        body: 'Attached.',
        connection_type: 'Gmail',
        pdf_id: pdf.id,
      }),
    });
    expect(sent.json()).toEqual({ success: true, delivered_to: 'outbox' });

    const mine = linesOf((await exported(`user_id=${danaId}`)).body);
    expect(mine.map((e) => e.action)).toEqual(['auth.sign_in', 'pdf.generated', 'email.sent']);
    expect(mine.every((e) => e.user_id === danaId)).toBe(true);
    const email = mine[2]!;
    expect(email.target).toBe('ann@henderson.example');
    expect(JSON.parse(email.details)).toEqual({
      via: 'outbox',
      subject: '=HYPERLINK("evil") roadmap',
      attachments: ['Henderson — roadmap — 2026-11-22.pdf'],
    });
    // The body of the email is not in the trail.
    expect(email.details).not.toContain('Attached.');

    const csv = await exported(`user_id=${danaId}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('seq,at,user_id,actor,action,target,details,prev_hash,hash');
    expect(rows).toHaveLength(4);
    // A cell a spreadsheet would run as a formula is quoted as text.
    expect(csv.body).not.toMatch(/,=HYPERLINK/);

    expect(linesOf((await exported('from=2026-11-23T00:00:00Z')).body)).toEqual([]);
    expect((await as(t, dana)({ method: 'GET', url: OPERATOR_PATHS.audit })).statusCode).toBe(403);
    const bad = await as(
      t,
      operator,
    )({
      method: 'GET',
      url: `${OPERATOR_PATHS.audit}?from=2026-11-23T00:00:00Z&to=2026-11-22T00:00:00Z`,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps one unbroken chain under concurrent appends, and the check names a changed or removed entry', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        recordAudit(t.app.deps, { action: 'tool.called', userId: danaId, target: `tool_${n}` }),
      ),
    );
    const intact = await as(t, operator)({ method: 'GET', url: OPERATOR_PATHS.auditVerify });
    expect(intact.json()).toMatchObject({ ok: true });
    const count = intact.json().entries as number;
    expect(count).toBeGreaterThanOrEqual(23);

    // Someone edits entry 3 in the database.
    await t.db.db.updateTable('audit_log').set({ target: 'someone else' }).where('seq', '=', 3).execute();
    expect(await verifyAudit(t.db)).toEqual({
      ok: false,
      entries: 2,
      seq: 3,
      reason: 'changed after it was written',
    });
    const row = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '=', 3)
      .executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('audit_log').where('seq', '=', 3).execute();
    expect(await verifyAudit(t.db)).toMatchObject({ ok: false, seq: 3, reason: 'missing entry' });
    await t.db.db.insertInto('audit_log').values(row).execute();
    await t.db.db.updateTable('audit_log').set({ target: row.target }).where('seq', '=', 3).execute();
  });
});

describe('npm run audit:verify', () => {
  it('answers 0 for an intact trail and 1 naming the entry that was changed', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-audit-'));
    const db = openDb({ sqliteFile: path.join(dataDir, 'knap.db') });
    await migrate(db);
    const deps = { db, clock: fixedClock('2026-11-22T09:00:00.000Z') } as unknown as AppDeps;
    for (const target of ['a', 'b', 'c'])
      await recordAudit(deps, { action: 'email.sent', userId: null, target });
    const run = () =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../audit-verify.ts')],
        {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, KNAP_SECRET: 'k'.repeat(32) },
          encoding: 'utf8',
        },
      );
    const intact = run();
    expect(intact.status, intact.stderr).toBe(0);
    expect(intact.stdout).toContain('audit trail intact: 3 entries');
    await db.db.updateTable('audit_log').set({ details: '{"changed":true}' }).where('seq', '=', 2).execute();
    await db.close();
    const broken = run();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('audit trail broken at entry 2: changed after it was written');
  });
});
