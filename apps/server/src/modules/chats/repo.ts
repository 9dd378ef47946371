// SQL for chats and messages.
import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { DbEngine } from '../../platform/db/index.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { ChatRow, Database, MessageFeedbackTable, MessageRow } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const summaryColumns = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'message_count',
  'last_message_preview',
  'out_of_tokens',
  'unread',
] as const;

/**
 * Records a change to the user's chats, inside the transaction that makes it: raises
 * users.chats_version (the chat list cache's key, so it must commit with the change, never before
 * it) and keeps users.chat_count equal to the number of the user's chats.
 */
async function chatsChanged(db: Q, userId: string, countDelta = 0): Promise<void> {
  await chatsChangedIf(db, userId, sql<boolean>`true`, countDelta).execute();
}

/**
 * chatsChanged's statement, when `changed` holds: on PostgreSQL, part of the statement that makes
 * the change (a data-modifying WITH), so that `changed` can ask whether the change found its row.
 */
const chatsChangedIf = (
  db: QueryCreator<Database>,
  userId: string,
  changed: RawBuilder<boolean>,
  countDelta = 0,
) =>
  db
    .updateTable('users')
    .set({
      chats_version: sql`chats_version + 1`,
      ...(countDelta ? { chat_count: sql`chat_count + ${countDelta}` } : {}),
    })
    .where('id', '=', userId)
    .where(changed);

/** A new chat, with the tools turned off before its first message, in one transaction. */
export async function insertChat(
  db: Q,
  row: Omit<ChatRow, 'out_of_tokens' | 'unread' | 'message_count'>,
  disabledTools: string[] = [],
) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('chats').values(row).execute();
    await insertDisabledTools(trx, row.id, disabledTools);
    await chatsChanged(trx, row.user_id, 1);
  });
}

/** The tools turned off in a chat (migration 0028), by name. */
export const disabledToolsOf = async (db: Q, chatId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('chat_disabled_tools')
      .select('tool_name')
      .where('chat_id', '=', chatId)
      .orderBy('tool_name')
      .execute()
  ).map((r) => r.tool_name);

async function insertDisabledTools(db: Q, chatId: string, names: string[]): Promise<void> {
  if (names.length)
    await db
      .insertInto('chat_disabled_tools')
      .values(names.map((tool_name) => ({ chat_id: chatId, tool_name })))
      .execute();
}

/** Replaces the chat's set of tools turned off, in one transaction. */
export async function setDisabledTools(db: Q, chatId: string, names: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chat_disabled_tools').where('chat_id', '=', chatId).execute();
    await insertDisabledTools(trx, chatId, names);
  });
}

/** A page of a user's chats at an offset (skip > 0), newest activity first, from the (user_id, updated_at, id) index. */
export const listChats = precompiled(
  (db: Q, userId: string, limit: number, skip: number) => listChatsQuery(db, userId, limit, skip),
  ['\u0000user', 987_654_321, 987_654_322],
);

/**
 * The query behind listChats, unexecuted (its plan is checked in a test). A deferred join: the
 * page's ids come from the (user_id, updated_at, id) index alone, so a deep page skips index
 * entries instead of reading thousands of rows, and only the 50 rows shown are fetched.
 * `fromOldest` counts the offset from the user's oldest chat instead, walking the index the other
 * way: a page in the older half of the list skips fewer entries from that end.
 */
export const listChatsQuery = (db: Q, userId: string, limit: number, skip: number, fromOldest = false) => {
  const order = fromOldest ? 'asc' : 'desc';
  return db
    .selectFrom('chats')
    .select(summaryColumns)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('chats')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', order)
        .orderBy('id', order)
        .limit(limit)
        .offset(skip),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');
};

/** A page counted from the user's oldest chat (`skip` of them passed over), newest first. */
export const listOldestChats = precompiled(
  (db: Q, userId: string, limit: number, skip: number) => listChatsQuery(db, userId, limit, skip, true),
  ['\u0000user', 987_654_321, 987_654_322],
);

/** The user's newest chats: the first page, read straight down the (user_id, updated_at, id) index. */
export const listNewestChats = precompiled(
  (db: Q, userId: string, limit: number) => newestChatsQuery(db, userId).limit(limit),
  ['\u0000user', 987_654_321],
);

/**
 * The page after a given chat (by last activity, then id), newest first: a range read on the
 * (user_id, updated_at, id) index, as cheap for the last page as for the first.
 */
export const listChatsAfter = precompiled(
  (db: Q, userId: string, updatedAt: string, id: string, limit: number) =>
    listChatsAfterQuery(db, userId, updatedAt, id, limit),
  ['\u0000user', '\u0000updated', '\u0000id', 987_654_321],
);

const newestChatsQuery = (db: Q, userId: string) =>
  db
    .selectFrom('chats')
    .select(summaryColumns)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');

/** The query behind listChatsAfter, unexecuted (its plan is checked in a test). */
export const listChatsAfterQuery = (db: Q, userId: string, updatedAt: string, id: string, limit: number) =>
  newestChatsQuery(db, userId)
    .where((eb) => eb(eb.refTuple('updated_at', 'id'), '<', eb.tuple(updatedAt, id)))
    .limit(limit);

/** Unread chats, counted on the (user_id, unread) index: only the unread entries are read. */
export async function countUnreadChats(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select((e) => e.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('unread', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findChat = (db: Q, userId: string, chatId: string) =>
  db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * Changes a chat (and records the change when it did); with `ifTitle`, only while its title is still
 * that (compare-and-set): no row is answered when it was changed meanwhile. On PostgreSQL the
 * change and its record are one statement: one round trip instead of four (begin, update, bump,
 * commit), and every reply ends with one.
 */
export async function updateChat(
  db: Q,
  engine: DbEngine,
  userId: string,
  chatId: string,
  patch: Partial<ChatRow>,
  { ifTitle }: { ifTitle?: string } = {},
) {
  const update = (q: QueryCreator<Database>) =>
    q
      .updateTable('chats')
      .set(patch)
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .$if(ifTitle !== undefined, (u) => u.where('title', '=', ifTitle!))
      .returningAll();
  if (engine === 'postgres')
    return db
      .with('chat', update)
      .with('recorded', (q) => chatsChangedIf(q, userId, sql<boolean>`exists (select 1 from chat)`))
      .selectFrom('chat')
      .selectAll()
      .executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const chat = await update(trx).executeTakeFirst();
    if (chat) await chatsChanged(trx, userId);
    return chat;
  });
}

/** Deletes a chat; its messages go with it through the foreign key, in the same statement. */
/** Deletes the chat; `onlyEmpty`: only while no message is in it (one statement, so none can slip in). */
export async function deleteChat(
  db: Q,
  userId: string,
  chatId: string,
  { onlyEmpty = false }: { onlyEmpty?: boolean } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('chats').where('id', '=', chatId).where('user_id', '=', userId);
    if (onlyEmpty) query = query.where('message_count', '=', 0);
    const res = await query.executeTakeFirst();
    const deleted = Number(res.numDeletedRows) > 0;
    if (deleted) await chatsChanged(trx, userId, -1);
    return deleted;
  });
}

export async function markAllRead(db: Q, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('chats')
      .set({ unread: 0 })
      .where('user_id', '=', userId)
      .where('unread', '=', 1)
      .executeTakeFirst();
    const marked = Number(res.numUpdatedRows);
    if (marked > 0) await chatsChanged(trx, userId);
    return marked;
  });
}

export const listMessages = (db: Q, chatId: string) =>
  db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('seq').execute();

/** The metadata of the chat's user messages that have any, in order (where attached documents are). */
export const userMessageMetadata = (db: Q, chatId: string) =>
  db
    .selectFrom('messages')
    .select('metadata')
    .where('chat_id', '=', chatId)
    .where('role', '=', 'user')
    .where('metadata', 'is not', null)
    .orderBy('seq')
    .execute();

/**
 * Appends messages to a chat, in order, in one transaction: bumping the chat's message_count first
 * takes the chat row's lock, so the returned rows' positions are theirs even with concurrent writers.
 */
export async function appendMessages(
  db: Q,
  engine: DbEngine,
  userId: string,
  chatId: string,
  messages: Array<
    Omit<
      MessageRow,
      'seq' | 'state' | 'updated_at' | 'chat_id' | 'writer_id' | 'variant_of' | 'superseded_by'
    > &
      Partial<Pick<MessageRow, 'state' | 'writer_id' | 'variant_of'>>
  >,
  chatPatch: { updated_at: string; last_message_preview: string; unread?: 0 | 1 },
  /**
   * A new version takes the place of the message at `fromSeq`: it and every message after it still
   * in the conversation are marked superseded by `by`, in the same transaction (so a refused insert,
   * such as a second streaming reply, leaves them as they were).
   */
  supersede?: { fromSeq: number; by: string },
): Promise<MessageRow[] | undefined> {
  const counted = (q: QueryCreator<Database>) =>
    q
      .updateTable('chats')
      .set({ ...chatPatch, message_count: sql`message_count + ${messages.length}` })
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .returning('message_count');
  return db.transaction().execute(async (trx) => {
    // On PostgreSQL the change is recorded by the statement that counts the messages: a round trip less.
    const chat =
      engine === 'postgres'
        ? await trx
            .with('chat', counted)
            .with('recorded', (q) => chatsChangedIf(q, userId, sql<boolean>`exists (select 1 from chat)`))
            .selectFrom('chat')
            .select('message_count')
            .executeTakeFirst()
        : await counted(trx).executeTakeFirst();
    if (!chat) return undefined;
    if (supersede)
      await trx
        .updateTable('messages')
        .set({ superseded_by: supersede.by })
        .where('chat_id', '=', chatId)
        .where('seq', '>=', supersede.fromSeq)
        .where('superseded_by', 'is', null)
        .execute();
    const first = chat.message_count - messages.length;
    const rows: MessageRow[] = messages.map((m, i) => ({
      state: null,
      updated_at: null,
      writer_id: null,
      variant_of: null,
      superseded_by: null,
      ...m,
      chat_id: chatId,
      seq: first + i,
    }));
    await trx.insertInto('messages').values(rows).execute();
    if (engine !== 'postgres') await chatsChanged(trx, userId);
    return rows;
  });
}

/** A message, only if its chat belongs to the user. */
export const findOwnedMessage = (db: Q, userId: string, messageId: string) =>
  db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .selectAll('messages')
    .where('messages.id', '=', messageId)
    .where('chats.user_id', '=', userId)
    .executeTakeFirst();

/** Rows per checkpoint statement: 4 parameters each, well under either engine's limit. */
const CHECKPOINTS_PER_STATEMENT = 500;

/**
 * Streaming replies' rows as they are now (chats/checkpoints.ts), one statement for many: an
 * `update … from` a VALUES list, which both engines take.
 */
export async function checkpointMessages(
  db: Q,
  rows: Array<Pick<MessageRow, 'id' | 'content' | 'metadata' | 'updated_at'>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHECKPOINTS_PER_STATEMENT) {
    const values = sql.join(
      rows
        .slice(i, i + CHECKPOINTS_PER_STATEMENT)
        .map((r) => sql`(${r.id}, ${r.content}, ${r.metadata}, ${r.updated_at})`),
    );
    await sql`with v(id, content, metadata, updated_at) as (values ${values})
      update messages set content = v.content, metadata = v.metadata, updated_at = v.updated_at,
        state = 'streaming'
      from v where messages.id = v.id`.execute(db);
  }
}

export async function updateMessage(
  db: Q,
  messageId: string,
  patch: Partial<Pick<MessageRow, 'content' | 'metadata' | 'state' | 'updated_at' | 'writer_id'>>,
) {
  await db.updateTable('messages').set(patch).where('id', '=', messageId).execute();
}

/**
 * Replies left 'streaming' by a process that died are marked interrupted (so they can be retried):
 * those whose writer is not among the live ones, and those written before writers were recorded
 * that went quiet before `quietSinceIso`. Only in one chat when `chatId` is given.
 */
export async function markDeadStreamsInterrupted(
  db: Q,
  { liveWriters, quietSinceIso, chatId }: { liveWriters: string[]; quietSinceIso: string; chatId?: string },
): Promise<number> {
  let query = db.updateTable('messages').set({ state: 'interrupted' }).where('state', '=', 'streaming');
  if (chatId) query = query.where('chat_id', '=', chatId);
  const res = await query
    .where((eb) =>
      eb.or([
        eb.and([
          eb('writer_id', 'is', null),
          eb(eb.fn.coalesce('updated_at', 'created_at'), '<', quietSinceIso),
        ]),
        liveWriters.length > 0
          ? eb.and([eb('writer_id', 'is not', null), eb('writer_id', 'not in', liveWriters)])
          : eb('writer_id', 'is not', null),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Deletes chats idle since `cutoffIso` of the given users (by default: of those who keep auto-delete
 * on), never of the users in `except`; answers how many.
 */
export async function deleteIdleChats(
  db: Q,
  cutoffIso: string,
  whose: { only?: string[]; except: string[] },
): Promise<number> {
  if (whose.only?.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('chats').where('updated_at', '<', cutoffIso);
    query = whose.only
      ? query.where('user_id', 'in', whose.only)
      : query.where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('id').where('auto_delete_chats', '=', 1),
        );
    if (whose.except.length > 0) query = query.where('user_id', 'not in', whose.except);
    const deleted = await query.returning('user_id').execute();
    const perUser = new Map<string, number>();
    for (const { user_id } of deleted) perUser.set(user_id, (perUser.get(user_id) ?? 0) + 1);
    for (const [userId, n] of perUser) await chatsChanged(trx, userId, -n);
    return deleted.length;
  });
}

/** Removes a chat's last message (a failed reply being retried) and keeps the counters right. */
export async function deleteLastMessage(
  db: Q,
  userId: string,
  chatId: string,
  messageId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom('messages')
      .where('id', '=', messageId)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) return false;
    await trx
      .updateTable('chats')
      .set({ message_count: sql`message_count - 1` })
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .execute();
    await chatsChanged(trx, userId);
    return true;
  });
}

// ---- Feedback on replies ----

export async function upsertFeedback(db: Q, row: MessageFeedbackTable): Promise<void> {
  await db
    .insertInto('message_feedback')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['message_id', 'user_id'])
        .doUpdateSet({ rating: row.rating, note: row.note, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteFeedback(db: Q, messageId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('message_feedback')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .execute();
}

/** The user's feedback on the messages of a chat. */
export const feedbackOfChat = (db: Q, chatId: string, userId: string) =>
  db
    .selectFrom('message_feedback')
    .innerJoin('messages', 'messages.id', 'message_feedback.message_id')
    .select([
      'message_feedback.message_id',
      'message_feedback.rating',
      'message_feedback.note',
      'message_feedback.updated_at',
    ])
    .where('messages.chat_id', '=', chatId)
    .where('message_feedback.user_id', '=', userId)
    .execute();

/** A chat found, with the message that matched (none when only its title did). */
export interface SearchHit {
  chat_id: string;
  title: string;
  updated_at: string;
  role: string | null;
  content: string | null;
}

/**
 * The user's chats with a message containing every word (full-text: FTS5 on SQLite, a GIN-indexed
 * text-search vector on PostgreSQL), or whose title contains the text; newest activity first, with
 * the newest matching message of each.
 */
export async function searchChats(
  db: Q,
  engine: 'sqlite' | 'postgres',
  userId: string,
  words: string[],
  text: string,
  limit: number,
): Promise<Array<SearchHit>> {
  const matching =
    engine === 'sqlite'
      ? // Each word quoted: the user's text is words to find, never FTS5 query syntax.
        sql<boolean>`messages.rowid in (select rowid from messages_fts where messages_fts match ${words
          .map((w) => `"${w.replace(/"/g, '""')}"`)
          .join(' ')})`
      : sql<boolean>`to_tsvector('simple', messages.content) @@ plainto_tsquery('simple', ${words.join(' ')})`;
  const byMessage = await db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select([
      'chats.id as chat_id',
      'chats.title',
      'chats.updated_at',
      'messages.role',
      'messages.content',
      'messages.created_at',
    ])
    .where('chats.user_id', '=', userId)
    // A reply is searchable once written (migration 0033: PostgreSQL's index is partial on this).
    .where(sql<boolean>`messages.state is distinct from 'streaming'`)
    .where(matching)
    .orderBy('messages.created_at', 'desc')
    .limit(limit * 10)
    .execute();
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byTitle = await db
    .selectFrom('chats')
    .select(['id as chat_id', 'title', 'updated_at'])
    .where('user_id', '=', userId)
    .where((e) => e(e.fn('lower', ['title']), 'like', sql<string>`${pattern} escape '\\'`))
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  const found = new Map<string, SearchHit>();
  for (const row of byMessage)
    if (!found.has(row.chat_id))
      found.set(row.chat_id, {
        chat_id: row.chat_id,
        title: row.title,
        updated_at: row.updated_at,
        role: row.role,
        content: row.content,
      });
  for (const row of byTitle)
    if (!found.has(row.chat_id)) found.set(row.chat_id, { ...row, role: null, content: null });
  return [...found.values()].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, limit);
}
