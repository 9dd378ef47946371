// Knaps: which users have which knap, when their default knaps were given, requests for a knap,
// and each user's data of each knap component.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_knaps')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('knap', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    // The operator's email; null for the defaults every new user gets.
    .addColumn('granted_by', 'text')
    .addPrimaryKeyConstraint('user_knaps_pk', ['user_id', 'knap'])
    .execute();

  // A row once a user's defaults were given, so a knap revoked later is not given back.
  await db.schema
    .createTable('knap_defaults_granted')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('knap_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('knap', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .execute();
  // At most one pending request per user and knap, even when two arrive at once.
  await db.schema
    .createIndex('knap_requests_one_pending')
    .on('knap_requests')
    .columns(['user_id', 'knap'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('knap_requests_status')
    .on('knap_requests')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('knap_component_data')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('component_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('knap_component_data_pk', ['user_id', 'component_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('knap_component_data').execute();
  await db.schema.dropTable('knap_requests').execute();
  await db.schema.dropTable('knap_defaults_granted').execute();
  await db.schema.dropTable('user_knaps').execute();
}
