import { existsSync } from 'node:fs';
import path from 'node:path';
import { COMPLIANCE_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { signUpFirm } from '../../testing/compliance.js';
import { pdfOf, uploadDocument } from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signIn, userIdOf } from '../../testing/users.js';
import { applyRetention } from './retention.js';
import { DEFAULT_POLICY } from './service.js';

const DAY = 24 * 3600_000;
const clock = fixedClock('2026-06-01T12:00:00.000Z');

describe(`compliance: retention of client documents (${testEngine()})`, () => {
  let t: TestApp;
  let admin: SignedInUser;
  let advisor: SignedInUser;
  let outsider: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ admin, advisor, outsider } = await signUpFirm(t));
  });
  afterAll(() => t.close());

  it('deletes documents older than the chats keep-days, with passages and files, except a held user’s', async () => {
    const ids = {
      admin: await userIdOf(t, admin.email),
      advisor: await userIdOf(t, advisor.email),
      outsider: await userIdOf(t, outsider.email),
    };
    const upload = async (u: SignedInUser, name: string) => {
      const res = await uploadDocument(as(t, u), name, await pdfOf([`${name} holdings: 60% equities.`]));
      expect(res.statusCode).toBe(200);
      return res.json().id as string;
    };
    const old = {
      admin: await upload(admin, 'Old admin.pdf'),
      advisor: await upload(advisor, 'Old advisor.pdf'),
      outsider: await upload(outsider, 'Old outsider.pdf'),
    };
    clock.advance(40 * DAY);
    admin = await signIn(t, admin);
    advisor = await signIn(t, advisor);
    outsider = await signIn(t, outsider);
    const recent = await upload(admin, 'Recent admin.pdf');
    await as(
      t,
      admin,
    )({ method: 'PUT', url: COMPLIANCE_PATHS.hold(ids.advisor), payload: { reason: 'SEC inquiry' } });
    const policy = { ...DEFAULT_POLICY, chats_days: 30 };
    expect(
      (await as(t, admin)({ method: 'PUT', url: COMPLIANCE_PATHS.policy, payload: policy })).statusCode,
    ).toBe(200);

    const fileOf = (userId: string, documentId: string) =>
      path.join(t.app.deps.config.dataDir, 'documents', userId, documentId);
    const passagesOf = async (documentId: string) =>
      (
        await t.db.db
          .selectFrom('document_passages')
          .select('id')
          .where('document_id', '=', documentId)
          .execute()
      ).length;
    const names = async (u: SignedInUser) =>
      (await as(t, u)({ method: 'GET', url: '/api/documents' }))
        .json()
        .map((d: { filename: string }) => d.filename);
    expect(existsSync(fileOf(ids.admin, old.admin))).toBe(true);
    expect(await passagesOf(old.admin)).toBe(1);

    expect(await applyRetention(t.app.deps)).toEqual({ organizations: 1, deleted: 1 });
    expect(await names(admin)).toEqual(['Recent admin.pdf']);
    expect(existsSync(fileOf(ids.admin, old.admin))).toBe(false);
    expect(await passagesOf(old.admin)).toBe(0);
    expect(existsSync(fileOf(ids.admin, recent))).toBe(true);
    // On legal hold: kept; in a firm without a policy: kept.
    expect(await names(advisor)).toEqual(['Old advisor.pdf']);
    expect(existsSync(fileOf(ids.advisor, old.advisor))).toBe(true);
    expect(await names(outsider)).toEqual(['Old outsider.pdf']);
    const record = await t.db.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'retention.deleted')
      .execute();
    expect(record.map((r) => [r.actor, JSON.parse(r.details)])).toEqual([
      ['system', { documents: 1, policy: { chats: 30 } }],
    ]);

    // Released, the next run deletes the advisor's too.
    await as(t, admin)({ method: 'DELETE', url: COMPLIANCE_PATHS.hold(ids.advisor) });
    expect(await applyRetention(t.app.deps)).toEqual({ organizations: 1, deleted: 1 });
    expect(await names(advisor)).toEqual([]);
    expect(existsSync(fileOf(ids.advisor, old.advisor))).toBe(false);
  });
});
