import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Whether the database answers a trivial query. */
export const databaseAnswers = (db: Kysely<Database>): Promise<boolean> =>
  sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
