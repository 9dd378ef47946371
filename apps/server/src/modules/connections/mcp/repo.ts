// SQL for custom tool URLs (MCP servers).
import type { Kysely } from 'kysely';
import type { Database, McpServersTable } from '../../../platform/db/schema.js';

type Q = Kysely<Database>;

export const listMcpServers = (db: Q, userId: string) =>
  db
    .selectFrom('mcp_servers')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findMcpServer = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('mcp_servers')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function insertMcpServer(db: Q, row: McpServersTable): Promise<void> {
  await db.insertInto('mcp_servers').values(row).execute();
}

export const updateMcpServer = (
  db: Q,
  userId: string,
  id: string,
  patch: Pick<McpServersTable, 'description' | 'url' | 'updated_at'>,
) =>
  db
    .updateTable('mcp_servers')
    .set(patch)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();

export async function deleteMcpServer(db: Q, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('mcp_servers')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
