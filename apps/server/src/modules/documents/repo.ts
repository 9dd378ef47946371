// SQL for attached documents and their passages. Every read names the owner: another user's id
// finds nothing. Search is full-text: FTS5 with bm25 on SQLite, ts_rank over the 'simple' vector on
// PostgreSQL (a stored vector, migration 0029), any of the question's words, best passages first.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DbEngine } from '../../platform/db/index.js';
import type { Database, DocumentPassagesTable, DocumentsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

const infoColumns = [
  'id',
  'filename',
  'kind',
  'size',
  'pages',
  'passages',
  'has_text',
  'client',
  'created_at',
] as const;

/** SQLite takes at most this many rows' values in one insert (32,766 variables, 7 a row). */
const INSERT_BATCH = 500;

export async function insertDocument(
  db: Q,
  row: Insertable<DocumentsTable>,
  passages: Array<Insertable<DocumentPassagesTable>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('documents').values(row).execute();
    for (let i = 0; i < passages.length; i += INSERT_BATCH)
      await trx
        .insertInto('document_passages')
        .values(passages.slice(i, i + INSERT_BATCH))
        .execute();
  });
}

export const listDocuments = (db: Q, userId: string) =>
  db
    .selectFrom('documents')
    .select(infoColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findDocument = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('documents')
    .select(infoColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The user's documents among `ids` (others', and ids that are no one's, are left out). */
export const findDocuments = (db: Q, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('documents')
        .select(infoColumns)
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();

/** The document's passages in order; the first `limit` when given. */
export function passagesOf(db: Q, documentId: string, limit?: number) {
  const query = db
    .selectFrom('document_passages')
    .select(['seq', 'page', 'sheet', 'location', 'content'])
    .where('document_id', '=', documentId)
    .orderBy('seq');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

export async function fileDocument(
  db: Q,
  { userId, documentId, client }: { userId: string; documentId: string; client: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('documents')
    .set({ client })
    .where('user_id', '=', userId)
    .where('id', '=', documentId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function deleteDocument(db: Q, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('documents')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** The users' documents attached before the cutoff, for retention to delete. */
export async function documentsCreatedBefore(db: Q, userIds: string[], cutoffIso: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'user_id'])
    .where('user_id', 'in', userIds)
    .where('created_at', '<', cutoffIso)
    .orderBy('created_at')
    .execute();
}

export interface PassageHit {
  document_id: string;
  filename: string;
  seq: number;
  page: number | null;
  sheet: string | null;
  location: string;
  content: string;
}

/**
 * The passages of the user's documents (those among `documentIds` when given) matching `words`
 * (letters and digits only, as both engines split them), the best `limit` first. `any`: any of the
 * words (a question to the assistant); `all`: every word, each as a word or a word's start (a
 * search box: "hender" finds Henderson).
 */
export async function searchPassages(
  db: Q,
  engine: DbEngine,
  options: { userId: string; documentIds?: string[]; words: string[]; limit: number; match?: 'any' | 'all' },
): Promise<PassageHit[]> {
  const { userId, documentIds, words, limit, match = 'any' } = options;
  if (documentIds?.length === 0 || words.length === 0) return [];
  if (engine === 'sqlite') {
    // Each word quoted: the question is words to find, never FTS5 query syntax.
    const terms = words.map((w) => `"${w.replace(/"/g, '""')}"${match === 'all' ? '*' : ''}`);
    const query = terms.join(match === 'all' ? ' AND ' : ' OR ');
    const among = documentIds ? sql`and d.id in (${sql.join(documentIds)})` : sql``;
    // CROSS JOIN keeps this order, the match first: left to itself SQLite walked the document's
    // passages and ran the match once for each (120 ms a question over 1,000 pages).
    const found =
      await sql<PassageHit>`select p.document_id, d.filename, p.seq, p.page, p.sheet, p.location, p.content
      from document_passages_fts f
      cross join document_passages p on p.rowid = f.rowid
      cross join documents d on d.id = p.document_id
      where document_passages_fts match ${query} and d.user_id = ${userId} ${among}
      order by bm25(document_passages_fts), p.document_id, p.seq
      limit ${limit}`.execute(db);
    return found.rows;
  }
  const terms = match === 'all' ? words.map((w) => `${w}:*`).join(' & ') : words.join(' | ');
  const query = sql`to_tsquery('simple', ${terms})`;
  let select = db
    .selectFrom('document_passages as p')
    .innerJoin('documents as d', 'd.id', 'p.document_id')
    .select(['p.document_id', 'd.filename', 'p.seq', 'p.page', 'p.sheet', 'p.location', 'p.content'])
    .where('d.user_id', '=', userId);
  if (documentIds) select = select.where('d.id', 'in', documentIds);
  return (
    select
      // `search` is the stored vector of migration 0029 (PostgreSQL only, so not in the row type).
      .where(sql<boolean>`p.search @@ ${query}`)
      .orderBy(sql`ts_rank(p.search, ${query})`, 'desc')
      .orderBy('p.document_id')
      .orderBy('p.seq')
      .limit(limit)
      .execute()
  );
}
