// SQL for stored PDFs. Lists never read `content`: a page of PDFs is a few rows, not megabytes.
import type { Insertable, Kysely } from 'kysely';
import type { Database, PdfsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

const infoColumns = ['id', 'filename', 'size', 'created_at'] as const;

export async function insertPdf(db: Q, row: Insertable<PdfsTable>): Promise<void> {
  await db.insertInto('pdfs').values(row).execute();
}

/** Stores a generated PDF unless its id is taken; true when this call stored it. */
export async function insertPdfOnce(db: Q, row: Insertable<PdfsTable>): Promise<boolean> {
  const res = await db
    .insertInto('pdfs')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** One of the user's PDFs without its bytes. */
export function findPdfInfo(db: Q, userId: string, id: string) {
  return db
    .selectFrom('pdfs')
    .select(infoColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listPdfs(db: Q, userId: string) {
  return db
    .selectFrom('pdfs')
    .select(infoColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findPdf(db: Q, userId: string, id: string) {
  return db
    .selectFrom('pdfs')
    .select([...infoColumns, 'content'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deletePdf(db: Q, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('pdfs')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
