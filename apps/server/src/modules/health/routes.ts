import { ZHealthResponse } from '@knap/contracts';
import { sql } from 'kysely';
import type { AppInstance } from '../../app.js';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: ZHealthResponse } } }, async () => {
    const { db, engine } = app.deps.db;
    const dbOk = await sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
    return {
      status: dbOk ? ('ok' as const) : ('degraded' as const),
      db: engine,
      version: app.deps.config.version,
    };
  });
}
