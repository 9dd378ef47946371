// Streaming replies' checkpoints go to the database together: those of one turn of the loop in one
// statement, a reply's newer one replacing its older one not yet written, each caller told when
// its checkpoint is stored or that it failed.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/crypto.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp, userIdOf } from '../../testing/users.js';
import { createCheckpointWriter } from './checkpoints.js';
import * as repo from './repo.js';

describe(`reply checkpoints (${testEngine()})`, () => {
  let t: TestApp;
  let userId: string;
  let statements = 0;
  let failNext = false;
  /** Counts the writer's statements, and fails one when asked. */
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      if (failNext) {
        failNext = false;
        throw new Error('the database went away');
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const writer = () => createCheckpointWriter({ ...t.db, db: t.db.db.withPlugin(counting) });
  const at = () => new Date().toISOString();

  /** `n` streaming replies, each in a chat of its own (a chat streams one at a time); their ids. */
  async function streamingReplies(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const chatId = newId();
      await repo.insertChat(t.db.db, {
        id: chatId,
        user_id: userId,
        title: 'Checkpoints',
        created_at: at(),
        updated_at: at(),
        last_message_preview: null,
        metadata: null,
      });
      const id = newId();
      await repo.appendMessages(
        t.db.db,
        t.db.engine,
        userId,
        chatId,
        [{ id, role: 'assistant', content: '', metadata: null, created_at: at(), state: 'streaming' }],
        { updated_at: at(), last_message_preview: '' },
      );
      ids.push(id);
    }
    return ids;
  }
  const rows = (ids: string[]) =>
    t.db.db
      .selectFrom('messages')
      .select(['id', 'content', 'metadata', 'state'])
      .where('id', 'in', ids)
      .execute()
      .then((found) => new Map(found.map((r) => [r.id, r])));

  beforeAll(async () => {
    t = await createTestApp();
    const { email } = await signUp(t);
    userId = await userIdOf(t, email);
  });
  afterAll(() => t.close());

  it("writes the checkpoints of one turn of the loop in one statement, each reply's own", async () => {
    const ids = await streamingReplies(50);
    const checkpoints = writer();
    statements = 0;
    await Promise.all(
      ids.map((id, i) =>
        checkpoints.write(id, { content: `words ${i}`, metadata: `{"n":${i}}`, updated_at: at() }),
      ),
    );
    expect(statements).toBe(1);
    const stored = await rows(ids);
    ids.forEach((id, i) => {
      expect(stored.get(id)).toEqual({
        id,
        content: `words ${i}`,
        metadata: `{"n":${i}}`,
        state: 'streaming',
      });
    });
  });

  it("keeps a reply's newest checkpoint when an older one was not written yet", async () => {
    const [id] = await streamingReplies(1);
    const checkpoints = writer();
    statements = 0;
    const older = checkpoints.write(id!, { content: 'An', metadata: '{}', updated_at: at() });
    const newer = checkpoints.write(id!, { content: 'An annuity', metadata: '{}', updated_at: at() });
    await Promise.all([older, newer]);
    expect(statements).toBe(1);
    expect((await rows([id!])).get(id!)?.content).toBe('An annuity');
  });

  it('writes what arrives during a write in the next one', async () => {
    const ids = await streamingReplies(3);
    const checkpoints = writer();
    statements = 0;
    const first = checkpoints.write(ids[0]!, { content: 'one', metadata: '{}', updated_at: at() });
    // The first write has started (after this turn's I/O) when these come.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [ids[1]!, ids[2]!].map((id) =>
      checkpoints.write(id, { content: 'two', metadata: '{}', updated_at: at() }),
    );
    await Promise.all([first, ...later]);
    expect(statements).toBe(2);
    expect([...(await rows(ids)).values()].map((r) => r.content).sort()).toEqual(['one', 'two', 'two']);
  });

  it('tells every caller of a failed write, and the next write goes on', async () => {
    const ids = await streamingReplies(2);
    const checkpoints = writer();
    failNext = true;
    const failed = await Promise.allSettled(
      ids.map((id) => checkpoints.write(id, { content: 'lost', metadata: '{}', updated_at: at() })),
    );
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await checkpoints.write(ids[0]!, { content: 'kept', metadata: '{}', updated_at: at() });
    const stored = await rows(ids);
    expect([stored.get(ids[0]!)?.content, stored.get(ids[1]!)?.content]).toEqual(['kept', '']);
  });
});
