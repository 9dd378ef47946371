// Client documents in the conversation (issue 26). `documents` describes each attached file (the
// encrypted file itself lives under DATA_DIR/documents); `document_passages` holds its text split
// into passages with their page or sheet, searched per question: an FTS5 index kept in step by
// triggers on SQLite, a stored 'simple' text-search vector with a GIN index on PostgreSQL (the same
// word splitting as the chat search, 0011).
import { type Kysely, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => sql`${0}`.compile(db).sql === '$1';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addColumn('has_text', 'integer', (c) => c.notNull())
    // The client the document is filed under, as the advisor names them; null until filed.
    .addColumn('client', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('documents_user_idx')
    .on('documents')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('document_passages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('sheet', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('document_passages_seq_unique', ['document_id', 'seq'])
    .execute();
  if (isPostgres(db)) {
    // Stored, not computed per query: ranking reads the vector of every passage that matches, and
    // computing them made a question over 1,000 pages take 240 ms.
    await sql`alter table document_passages add column search tsvector generated always as (to_tsvector('simple', content)) stored`.execute(
      db,
    );
    await sql`create index document_passages_search_idx on document_passages using gin (search)`.execute(db);
    return;
  }
  await sql`create virtual table document_passages_fts using fts5(content, content='document_passages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger document_passages_fts_insert after insert on document_passages begin
    insert into document_passages_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`create trigger document_passages_fts_delete after delete on document_passages begin
    insert into document_passages_fts(document_passages_fts, rowid, content) values ('delete', old.rowid, old.content);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['document_passages_fts_insert', 'document_passages_fts_delete'])
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    await sql`drop table document_passages_fts`.execute(db);
  }
  await db.schema.dropTable('document_passages').execute();
  await db.schema.dropTable('documents').execute();
}
