// Full-text search over a user's chats: SQLite keeps an FTS5 index of message contents in step with
// the messages table through triggers; PostgreSQL indexes the contents' text-search vectors. Both
// use plain word splitting ('simple' / unicode61) so the engines find the same things.
import { type Kysely, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => sql`${0}`.compile(db).sql === '$1';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index messages_content_search_idx on messages using gin (to_tsvector('simple', content))`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table messages_fts using fts5(content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`insert into messages_fts(rowid, content) select rowid, content from messages`.execute(db);
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

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index messages_content_search_idx`.execute(db);
    return;
  }
  for (const trigger of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'])
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql`drop table messages_fts`.execute(db);
}
