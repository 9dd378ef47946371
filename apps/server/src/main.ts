// Process bootstrap: config -> database -> migrations -> listen, and a graceful stop.
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate, openDb } from './platform/db/index.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const db = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'knap.db'),
    poolMax: config.databasePoolMax,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  await migrate(db);

  const app = await buildApp({ config, db });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // The database closes last: the app's own close hooks (jobs, notes being written, sockets) still use it.
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.deps.jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  console.log(
    `\n  Knap Studio is running on ${db.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: open ${url}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
