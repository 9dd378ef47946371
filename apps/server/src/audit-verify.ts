// `npm run audit:verify`: checks the audit trail's hash chain in the configured database (the same
// environment as the server: DATABASE_URL, DATABASE_SCHEMA, DATA_DIR). Exits 1 naming the first
// entry that does not fit.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { verifyAudit } from './modules/audit/service.js';
import { openDb } from './platform/db/index.js';

try {
  const config = loadConfig();
  const db = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'knap.db'),
    poolMax: 2,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  const verdict = await verifyAudit(db);
  await db.close();
  if (verdict.ok) console.log(`audit trail intact: ${verdict.entries} entries`);
  else {
    console.error(
      `audit trail broken at entry ${verdict.seq}: ${verdict.reason} (${verdict.entries} entries before it are intact)`,
    );
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
