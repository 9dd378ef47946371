import { CHAT_PATHS, DETAIL, FINANCIAL_PLAN_PATHS, ZMeetingNotesContent } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { parseStored, StoredJsonError } from './stored-json.js';

const notes = { summary: 'Talked about the house', decisions: [], action_items: [], client_facts: [] };

describe('parseStored', () => {
  it("parses a stored value that matches its column's schema, with what the schema outputs", () => {
    expect(parseStored(ZMeetingNotesContent, JSON.stringify(notes), 'meetings.notes')).toEqual(notes);
    const withDefault = z.object({ note: z.string().default('') });
    expect(parseStored(withDefault, '{}', 'newsletters.settings')).toEqual({ note: '' });
  });

  it('reads SQL NULL as null', () => {
    expect(parseStored(ZMeetingNotesContent, null, 'meetings.notes')).toBeNull();
  });

  it('refuses text that is not JSON, naming the column', () => {
    const read = () => parseStored(ZMeetingNotesContent, '{"summary": "Talked', 'meetings.notes');
    expect(read).toThrow(StoredJsonError);
    expect(read).toThrow('Stored JSON in meetings.notes is not JSON');
  });

  it('refuses JSON that does not match, naming the column and where, but not the value', () => {
    const stored = JSON.stringify({ ...notes, decisions: 'sell the house for 1.2M' });
    let error: unknown;
    try {
      parseStored(ZMeetingNotesContent, stored, 'meetings.notes');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoredJsonError);
    expect((error as StoredJsonError).column).toBe('meetings.notes');
    expect((error as Error).message).toMatch(
      /^Stored JSON in meetings\.notes does not match its schema at decisions: /,
    );
    expect((error as Error).message).not.toContain('1.2M');
    expect((error as Error).cause).toBeInstanceOf(z.ZodError);
  });
});

describe(`a corrupted stored column (${testEngine()})`, () => {
  let t: TestApp;
  let user: SignedInUser;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: 'error' },
      logStream: { write: (line) => log.push(line) },
    });
    user = await signUp(t);
  });
  afterAll(() => t.close());

  it('answers 500 Internal server error, with the column named only in the log', async () => {
    const created = await as(t, user)({ method: 'POST', url: FINANCIAL_PLAN_PATHS.list, payload: {} });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: string };
    const get = () => as(t, user)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.plan(id) });
    expect((await get()).statusCode).toBe(200);

    for (const inputs of ['{"client_age": "forty"', '{"client_age": "forty"}']) {
      await t.db.db.updateTable('financial_plans').set({ inputs }).where('id', '=', id).execute();
      const res = await get();
      expect([res.statusCode, res.json()]).toEqual([500, { detail: DETAIL.internal }]);
      expect(res.body).not.toContain('financial_plans');
    }
    expect(log.join('')).toContain('Stored JSON in financial_plans.inputs is not JSON');
    expect(log.join('')).toContain('Stored JSON in financial_plans.inputs does not match its schema');
  });

  it("refuses a message's metadata that is not a JSON object on the chat's endpoints", async () => {
    const chat = await as(t, user)({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: 'Plans' } });
    const chatId = (chat.json() as { id: string }).id;
    const added = await as(
      t,
      user,
    )({
      method: 'POST',
      url: CHAT_PATHS.messages(chatId),
      payload: { role: 'user', content: 'Hello' },
    });
    expect(added.statusCode).toBe(200);
    await t.db.db
      .updateTable('messages')
      .set({ metadata: '["not", "an", "object"]' })
      .where('chat_id', '=', chatId)
      .execute();
    for (const url of [CHAT_PATHS.messages(chatId), CHAT_PATHS.chat(chatId)]) {
      const res = await as(t, user)({ method: 'GET', url });
      expect([res.statusCode, res.json()]).toEqual([500, { detail: DETAIL.internal }]);
    }
    expect(log.join('')).toContain(
      'Stored JSON in messages.metadata does not match its schema: must be a JSON object',
    );
  });
});
