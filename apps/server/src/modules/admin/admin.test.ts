import { ADMIN_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, joinByInvitation, type SignedInUser, signUp } from '../../testing/users.js';

describe(`organization admins (${testEngine()})`, () => {
  let t: TestApp;
  let founder: SignedInUser;
  let colleague: SignedInUser;
  let outsider: SignedInUser;
  const idOf = async (u: SignedInUser) =>
    (await as(t, u)({ method: 'GET', url: '/api/studio/users/me' })).json().uuid as string;

  beforeAll(async () => {
    t = await createTestApp();
    founder = await signUp(t, { email: 'ada@harbor-wealth.example', name: 'Ada Founder' });
    colleague = await signUp(t, { email: 'bo@harbor-wealth.example', name: 'Bo Colleague' });
    outsider = await signUp(t, { email: 'cy@other-firm.example', name: 'Cy Outsider' });
    await joinByInvitation(t, founder, { user: colleague });
  });
  afterAll(() => t.close());

  const members = (u: SignedInUser, q = '') =>
    as(t, u)({ method: 'GET', url: `${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}` });
  const setRole = async (u: SignedInUser, target: SignedInUser, role: string) =>
    as(t, u)({ method: 'PUT', url: ADMIN_PATHS.memberRole(await idOf(target)), payload: { role } });

  it("the founder is the organization's admin and sees only its members; members get 404", async () => {
    const listed = await members(founder);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['ada@harbor-wealth.example', 'admin'],
      ['bo@harbor-wealth.example', 'member'],
    ]);
    expect((await members(founder, 'COLLEAGUE')).json().map((m: { name: string }) => m.name)).toEqual([
      'Bo Colleague',
    ]);
    expect((await members(colleague)).statusCode).toBe(404);
    expect((await members(colleague)).json()).toEqual({ detail: 'Not found' });
    // The outsider administers their own firm, which does not include anyone here.
    expect((await members(outsider)).json().map((m: { email: string }) => m.email)).toEqual([
      'cy@other-firm.example',
    ]);
  });

  it('admins promote and demote within their organization, never leave it without an admin, and it is audited', async () => {
    expect((await setRole(colleague, founder, 'member')).statusCode).toBe(404);
    expect((await setRole(outsider, colleague, 'admin')).statusCode).toBe(404);
    expect((await setRole(founder, outsider, 'admin')).json()).toEqual({ detail: 'Member not found' });

    const own = await setRole(founder, founder, 'member');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You cannot change your own role: another admin must' });

    const promoted = await setRole(founder, colleague, 'admin');
    expect(promoted.json()).toMatchObject({ email: 'bo@harbor-wealth.example', role: 'admin' });
    expect((await members(colleague)).statusCode).toBe(200);
    expect((await setRole(colleague, founder, 'member')).json()).toMatchObject({ role: 'member' });
    expect((await members(founder)).statusCode).toBe(404);
    expect((await setRole(colleague, founder, 'owner')).statusCode).toBe(422);

    const audited = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.role_changed')
      .execute();
    expect(audited.map((a) => [a.actor, JSON.parse(a.details)])).toEqual([
      ['ada@harbor-wealth.example', { from: 'member', to: 'admin' }],
      ['bo@harbor-wealth.example', { from: 'admin', to: 'member' }],
    ]);
  });
});
