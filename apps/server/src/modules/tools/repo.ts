// SQL for the tools a user turned off in a chat (migration 0028).
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const disabledToolsOf = async (db: Q, chatId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('chat_disabled_tools')
      .select('tool_name')
      .where('chat_id', '=', chatId)
      .orderBy('tool_name')
      .execute()
  ).map((r) => r.tool_name);

/** Replaces the chat's set in one transaction. */
export async function setDisabledTools(db: Q, chatId: string, names: string[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('chat_disabled_tools').where('chat_id', '=', chatId).execute();
    if (names.length)
      await tx
        .insertInto('chat_disabled_tools')
        .values(names.map((tool_name) => ({ chat_id: chatId, tool_name })))
        .execute();
  });
}
