import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import { lastMessage } from '../../testing/assistant.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { resumeStuckNotes } from './notes.js';
import * as repo from './repo.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');
const NOTES = {
  summary: 'Reviewed the Henderson rollover.',
  decisions: ['Roll the 401(k) into the IRA'],
  action_items: [{ text: 'Send rollover forms', owner: 'Advisor' }],
  client_facts: [{ category: 'family', fact: 'Daughter starts college next fall' }],
};

describe(`notes from a real provider, and the notetaker tools (${testEngine()})`, () => {
  let llm: FakeLlm;
  let t: TestApp;
  let user: SignedInUser;
  let userId: string;

  const meeting = async (title: string, participants: object[] = []) => {
    const id = newId();
    await repo.insertMeeting(t.db.db, {
      id,
      user_id: userId,
      source: 'manual',
      external_id: null,
      title,
      start_time: '2026-11-20T15:00:00.000Z',
      end_time: '2026-11-20T16:00:00.000Z',
      meeting_url: null,
      participants: JSON.stringify(participants),
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    return id;
  };
  const call = () => as(t, user);
  const notesOf = (id: string) =>
    call()({ method: 'GET', url: `/meeting/${id}/notes` }).then((r) => r.json());
  const settled = (id: string) =>
    eventually(
      () => notesOf(id),
      (n) => n.notes_status !== 'generating',
    );
  const upload = (id: string) =>
    call()({
      method: 'PUT',
      url: `/meeting/${id}/transcript`,
      payload: { content: 'Advisor: Hello.\nAnn: Hi.' },
    });

  beforeAll(async () => {
    llm = await startFakeOpenAI();
    const { config, model } = fakeLlm(llm);
    t = await createTestApp({ clock, config: { llm: config }, llm: model });
    user = await signUp(t);
    userId = await userIdOf(t, user.email);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('reads notes the model wrapped in words; output that is not notes marks them failed', async () => {
    const henderson = await meeting('Henderson review', [
      { name: 'Ann Henderson', email: 'ann@henderson.example', response_status: 'accepted' },
    ]);
    llm.enqueue({ text: `Here are the notes you asked for:\n${JSON.stringify(NOTES)}\nLet me know.` });
    await upload(henderson);
    expect(await settled(henderson)).toMatchObject({ notes_status: 'ready', notes: NOTES });
    const request = JSON.stringify(llm.requests.at(-1));
    expect(request).toContain('You write meeting notes for a financial advisor.');
    expect(request).toContain('Ann: Hi.');

    const other = await meeting('Smith intro');
    llm.enqueue({ text: 'Sorry, I cannot help with that.' });
    await upload(other);
    expect(await settled(other)).toMatchObject({ notes_status: 'failed', notes: null });
    llm.enqueue({ text: JSON.stringify({ ...NOTES, decisions: 'not a list' }) });
    await upload(other);
    expect(await settled(other)).toMatchObject({ notes_status: 'failed' });
  });

  it('notes left generating by a dead process are written again by the job', async () => {
    const id = await meeting('Interrupted');
    await repo.updateMeeting(t.db.db, id, {
      transcript: 'Advisor: We agreed on the plan.',
      notes_status: 'generating',
      updated_at: '2026-11-22T08:00:00.000Z',
    });
    llm.enqueue({ text: JSON.stringify(NOTES) });
    expect(t.app.deps.jobs.jobs()).toContain('meetings.resume-notes');
    expect(await resumeStuckNotes(t.app.deps)).toEqual({ resumed: 1 });
    expect((await notesOf(id)).notes_status).toBe('ready');
    expect(await resumeStuckNotes(t.app.deps)).toEqual({ resumed: 0 });
  });

  it('the assistant finds a meeting and reads its notes', async () => {
    const henderson = (await call()({ method: 'GET', url: '/user-meetings' }))
      .json()
      .find((m: { meeting_title: string }) => m.meeting_title === 'Henderson review');
    llm.enqueue(
      // A participant's address with a LIKE wildcard in it still matches literally.
      { toolCalls: [{ name: 'search_meetings', arguments: { query: 'ann@henderson' } }] },
      { toolCalls: [{ name: 'get_meeting_notes', arguments: { meeting_id: henderson.meeting_id } }] },
      { text: 'You agreed to roll the 401(k) into the IRA.' },
    );
    const chatId = (await call()({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const res = await call()({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'What did Ann and I decide?' } },
    });
    expect(res.statusCode).toBe(200);
    const reply = await lastMessage(call(), chatId);
    expect(reply.metadata.steps).toEqual([
      { tool: 'search_meetings', resultSummary: '1 meeting' },
      { tool: 'get_meeting_notes', resultSummary: 'Read notes of “Henderson review”' },
    ]);
    expect(reply.content).toBe('You agreed to roll the 401(k) into the IRA.');
    const seen = JSON.stringify(llm.requests.at(-1));
    expect(seen).toContain('Roll the 401(k) into the IRA');
    expect(seen).toContain('Advisor: Hello.');

    const other = await signUp(t);
    llm.enqueue(
      { toolCalls: [{ name: 'get_meeting_notes', arguments: { meeting_id: henderson.meeting_id } }] },
      { text: 'Not found.' },
    );
    const theirChat = (await as(t, other)({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    await as(
      t,
      other,
    )({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: theirChat, message: { content: 'Read that meeting' } },
    });
    expect((await lastMessage(as(t, other), theirChat)).metadata.steps).toEqual([
      { tool: 'get_meeting_notes', resultSummary: 'Failed: Meeting not found' },
    ]);
  });
});
