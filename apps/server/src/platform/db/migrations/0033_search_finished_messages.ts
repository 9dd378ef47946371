// Chat search indexes a message once it is written, not while a reply streams (issue 23). A
// streaming reply is checkpointed every 250 ms; re-indexing its whole text each time was the
// largest share of SQLite's statement time under load (the FTS5 triggers delete and insert the
// full content per checkpoint) and, on PostgreSQL, a `to_tsvector` and a GIN insertion per
// checkpoint. Now SQLite's triggers skip rows whose state is 'streaming' (the reply is indexed by
// the update that ends it), and PostgreSQL's index is partial on the same condition, which the
// search query states so the planner can use it.
import { type Kysely, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => sql`${0}`.compile(db).sql === '$1';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index messages_content_search_idx`.execute(db);
    await sql`create index messages_content_search_idx on messages using gin (to_tsvector('simple', content)) where state is distinct from 'streaming'`.execute(
      db,
    );
    return;
  }
  for (const trigger of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'])
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  // The index held streaming replies as they were last checkpointed: take them out.
  await sql`insert into messages_fts(messages_fts, rowid, content) select 'delete', rowid, content from messages where state = 'streaming'`.execute(
    db,
  );
  await sql`create trigger messages_fts_insert after insert on messages when new.state is not 'streaming' begin
    insert into messages_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`create trigger messages_fts_delete after delete on messages when old.state is not 'streaming' begin
    insert into messages_fts(messages_fts, rowid, content) values ('delete', old.rowid, old.content);
  end`.execute(db);
  await sql`create trigger messages_fts_update after update of content, state on messages
    when old.state is not 'streaming' or new.state is not 'streaming' begin
    insert into messages_fts(messages_fts, rowid, content) select 'delete', old.rowid, old.content where old.state is not 'streaming';
    insert into messages_fts(rowid, content) select new.rowid, new.content where new.state is not 'streaming';
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index messages_content_search_idx`.execute(db);
    await sql`create index messages_content_search_idx on messages using gin (to_tsvector('simple', content))`.execute(
      db,
    );
    return;
  }
  for (const trigger of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'])
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql`insert into messages_fts(messages_fts, rowid, content) select rowid, content from messages where state = 'streaming'`.execute(
    db,
  );
  await sql`create trigger messages_fts_insert after insert on messages begin
    insert into messages_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`create trigger messages_fts_delete after delete on messages begin
    insert into messages_fts(messages_fts, rowid, content) values ('delete', old.rowid, old.content);
  end`.execute(db);
  await sql`create trigger messages_fts_update after update of content on messages begin
    insert into messages_fts(messages_fts, rowid, content) values ('delete', old.rowid, old.content);
    insert into messages_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
}
