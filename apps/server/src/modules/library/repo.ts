// SQL for saved prompts (the rest of the Library is read through each domain's own repo).
import type { Insertable, Kysely } from 'kysely';
import type { Database, SavedPromptsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

const columns = ['id', 'title', 'text', 'created_at', 'updated_at'] as const;

export const listPrompts = (db: Q, userId: string) =>
  db
    .selectFrom('saved_prompts')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();

export const findPrompt = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('saved_prompts')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countPrompts(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_prompts')
    .select((e) => e.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPrompt(db: Q, row: Insertable<SavedPromptsTable>): Promise<void> {
  await db.insertInto('saved_prompts').values(row).execute();
}

export async function updatePrompt(
  db: Q,
  userId: string,
  id: string,
  patch: { title: string; text: string; updated_at: string },
): Promise<boolean> {
  const res = await db
    .updateTable('saved_prompts')
    .set(patch)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function deletePrompt(db: Q, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('saved_prompts')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
