import { ADMIN_PATHS, COMPLIANCE_PATHS, KNAP_PATHS, LIBRARY_PATHS, PDF_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRoadmap } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, joinByInvitation, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';

describe(`the Library (${testEngine()})`, () => {
  let t: TestApp;
  let dana: SignedInUser;
  let eve: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    dana = await signUp(t, { email: 'dana@reyes-advisors.example', name: 'Dana Reyes' });
    eve = await signUp(t, { email: 'eve@elsewhere.example', name: 'Eve' });
  });
  afterAll(() => t.close());

  const call = (u: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, u)({ method, url, ...(payload ? { payload } : {}) });
  const library = async (u: SignedInUser, query = '') =>
    (await call(u, 'GET', `${LIBRARY_PATHS.list}${query}`)).json();

  it('starts empty, and keeps saved prompts with clear errors for bad ones', async () => {
    expect(await library(dana)).toEqual({ items: [], clients: [] });
    for (const bad of [
      { title: ' ', text: 'x' },
      { title: 'x', text: '' },
      { title: 'x'.repeat(121), text: 'x' },
      { title: 'x' },
    ])
      expect((await call(dana, 'POST', LIBRARY_PATHS.prompts, bad)).statusCode).toBe(422);
    const saved = await call(dana, 'POST', LIBRARY_PATHS.prompts, {
      title: 'Pre-meeting brief',
      text: 'Summarise my last three meetings with {client} and list open action items.',
    });
    expect(saved.statusCode).toBe(200);
    const prompt = saved.json();
    expect(prompt).toMatchObject({ title: 'Pre-meeting brief', id: expect.any(String) });

    const renamed = await call(dana, 'PUT', LIBRARY_PATHS.prompt(prompt.id), {
      title: 'Meeting brief',
      text: prompt.text,
    });
    expect(renamed.json().title).toBe('Meeting brief');
    expect(
      (await call(eve, 'PUT', LIBRARY_PATHS.prompt(prompt.id), { title: 'Mine', text: 'x' })).json(),
    ).toEqual({
      detail: 'Prompt not found',
    });
    expect((await call(eve, 'DELETE', LIBRARY_PATHS.item('prompt', prompt.id))).statusCode).toBe(404);
    expect((await call(eve, 'GET', LIBRARY_PATHS.prompts)).json()).toEqual([]);

    const { items } = await library(dana);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'prompt', title: 'Meeting brief', deletable: true, open_path: null }),
    ]);
    expect(await library(eve)).toEqual({ items: [], clients: [] });
  });

  it('lists PDFs, meeting notes and knap outputs; searches and filters by kind and client', async () => {
    const pdf = (await call(dana, 'POST', PDF_PATHS.generate, sampleRoadmap())).json();
    const meeting = (
      await call(dana, 'POST', '/user-meetings', {
        title: 'Henderson annual review',
        start_time: '2026-11-20T15:00:00.000Z',
        participants: [{ name: 'Ann Henderson', email: 'ann@henderson.example' }],
      })
    ).json();
    await call(dana, 'PUT', `/meeting/${meeting.meeting_id}/transcript`, {
      content:
        "Dana Reyes: Welcome, Ann.\nAnn Henderson: I'm 58 and earn $180,000. I want to retire at 62 and fund college tuition.",
    });
    await eventually(
      () => call(dana, 'GET', `/meeting/${meeting.meeting_id}/notes`).then((r) => r.json()),
      (n) => n.notes_status === 'ready',
    );
    const profile = await call(dana, 'POST', KNAP_PATHS.process, {
      component_id: 'meeting-notes',
      input_data: { meeting_id: meeting.meeting_id },
      next_step: 'client-profile',
      next_component_id: 'client-profile',
    });
    expect(profile.statusCode).toBe(200);

    const all = await library(dana);
    const byKind = Object.fromEntries(all.items.map((i: { kind: string }) => [i.kind, i]));
    expect(byKind.pdf).toMatchObject({ id: pdf.id, deletable: true, download_path: PDF_PATHS.pdf(pdf.id) });
    expect(byKind.notes).toMatchObject({
      id: meeting.meeting_id,
      title: 'Henderson annual review',
      client: 'Ann Henderson',
      open_path: `/notetaker?meeting_id=${meeting.meeting_id}`,
      deletable: false,
    });
    expect(byKind.knap).toMatchObject({
      id: 'client-profile',
      title: 'Client profile',
      open_path: '/advanced-planning',
    });
    expect(all.clients).toContain('Ann Henderson');

    expect((await library(dana, '?kind=notes')).items.map((i: { kind: string }) => i.kind)).toEqual([
      'notes',
    ]);
    expect(
      (await library(dana, '?client=ann%20henderson')).items.map((i: { kind: string }) => i.kind),
    ).toEqual(['notes']);
    expect((await library(dana, '?q=henderson%20review')).items.map((i: { id: string }) => i.id)).toEqual([
      meeting.meeting_id,
    ]);
    expect((await library(dana, '?q=nothing-like-this')).items).toEqual([]);
    expect((await call(dana, 'GET', `${LIBRARY_PATHS.list}?kind=spreadsheet`)).statusCode).toBe(422);
    expect((await library(eve)).items).toEqual([]);

    // Notes are deleted where they were made; a PDF here, by its owner only.
    expect((await call(dana, 'DELETE', LIBRARY_PATHS.item('notes', meeting.meeting_id))).statusCode).toBe(
      422,
    );
    expect((await call(eve, 'DELETE', LIBRARY_PATHS.item('pdf', pdf.id))).json()).toEqual({
      detail: 'PDF not found',
    });
    expect((await call(dana, 'DELETE', LIBRARY_PATHS.item('pdf', pdf.id))).json()).toEqual({ success: true });
    expect((await library(dana, '?kind=pdf')).items).toEqual([]);
  });

  it('keeps PDFs of a member on legal hold', async () => {
    const admin = await signUp(t, { email: 'ada@hold-firm.example', name: 'Ada' });
    const held = await signUp(t, { email: 'bo@hold-firm.example', name: 'Bo' });
    await joinByInvitation(t, admin, { user: held });
    const pdf = (await call(held, 'POST', PDF_PATHS.generate, sampleRoadmap())).json();
    const heldId = await userIdOf(t, held.email);
    expect((await call(admin, 'GET', ADMIN_PATHS.members)).statusCode).toBe(200);
    expect((await call(admin, 'PUT', COMPLIANCE_PATHS.hold(heldId), { reason: 'Matter 7' })).statusCode).toBe(
      200,
    );
    const refused = await call(held, 'DELETE', LIBRARY_PATHS.item('pdf', pdf.id));
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { detail: 'Your account is under legal hold: PDFs cannot be deleted' },
    ]);
    expect((await library(held, '?kind=pdf')).items).toHaveLength(1);
  });
});
