// An approval of an MCP tool keeps which server and which of its tools it was, beside the name the
// model knew it by: that name can change before the user decides (another server's tool comes to
// read alike), and what runs must be the tool that was approved.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tool_approvals').addColumn('mcp_server_id', 'text').execute();
  await db.schema.alterTable('tool_approvals').addColumn('mcp_tool', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tool_approvals').dropColumn('mcp_tool').execute();
  await db.schema.alterTable('tool_approvals').dropColumn('mcp_server_id').execute();
}
