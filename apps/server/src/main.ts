// Process bootstrap: config -> database -> migrations -> listen, and a graceful stop. A start-up
// step that fails because of a configured value stops the process with one line naming the
// variable (a ConfigError), never a stack trace. With SERVER_PROCESSES above 1 this process
// migrates, then runs that many server processes on the port (node:cluster).
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppInstance } from './app.js';
import { type Config, ConfigError, dataDirError, inDataDir, loadConfig, shownS3Url } from './config.js';
import type { Db, DbLog } from './platform/db/index.js';
import { probeDatabase, redactedUrl } from './platform/db/startup.js';

/** Each attempt to reach PostgreSQL at start-up waits this long at most. */
const CONNECT_TIMEOUT_MS = 5_000;
/** After the drain time, a last moment for replies ended in it to send their last chunk. */
const LAST_CHUNKS_MS = 1_000;
/** After the drain time, how long the rest of the close may take before the process gives up on it. */
const CLOSE_GRACE_MS = 10_000;

// The database driver and the app's modules take seconds to load, so they are imported once the
// configuration has proved usable: a bad value is refused in about a second.
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary) await checkBucket(config);
  if (cluster.isPrimary && config.serverProcesses > 1) return runProcesses(config);
  // One of several processes: the first one checked the address and migrated the database.
  const alone = cluster.isPrimary;
  if (alone) await checkAddress(config);
  if (alone && config.databaseUrl) await waitForDatabase(config.databaseUrl, config.databaseConnectWaitMs);
  // The database's warnings (a dropped connection, the probe failing) go to the app's log once it
  // exists, as every other line; before it, during the migrations, to stderr.
  const { stderrLog } = await import('./platform/db/index.js');
  let appLog: DbLog | undefined;
  const dbLog: DbLog = { warn: (obj, msg) => (appLog ?? stderrLog).warn(obj, msg) };
  const db = await openDatabase(config, dbLog, { migrate: alone });
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config, db });
  appLog = app.log;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: finishing in-flight requests');
    // Replies still being written end within the drain time with their stream's abort chunk (the
    // app does that); a moment after it, what still runs loses its connection, so the close ends.
    setTimeout(() => {
      app.log.warn('shutting down: drain time over, closing the connections left');
      app.server.closeAllConnections();
    }, config.shutdownDrainMs + LAST_CHUNKS_MS).unref();
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${(config.shutdownDrainMs + CLOSE_GRACE_MS) / 1000} s`);
      process.exit(1);
    }, config.shutdownDrainMs + CLOSE_GRACE_MS).unref();
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

  await listen(app, config);
  app.deps.jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  if (!alone) {
    process.send?.({ listening: url });
    return;
  }
  console.log(
    `\n  Knap Studio is running on ${db.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: open ${url}\n`,
  );
}

/**
 * SERVER_PROCESSES above 1: checks the address, waits for the database and migrates it, then runs
 * that many server processes on the port and says once where they listen. SIGTERM and SIGINT go on
 * to them; it exits once they all did, 0 when each stopped cleanly. A process that dies after it
 * started is replaced; one that fails to start (its own line says why) stops the others.
 */
async function runProcesses(config: Config): Promise<void> {
  await checkAddress(config);
  await waitForDatabase(config.databaseUrl!, config.databaseConnectWaitMs);
  const { stderrLog } = await import('./platform/db/index.js');
  await (await openDatabase(config, stderrLog, { migrate: true })).close();

  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const start = () => live.add(cluster.fork());
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of live) worker.process.kill(signal);
  };
  cluster.on('message', (worker, message: { listening?: string }) => {
    if (!message?.listening || listening.has(worker)) return;
    listening.add(worker);
    if (listening.size === config.serverProcesses)
      console.log(
        `\n  Knap Studio is running on PostgreSQL in ${config.serverProcesses} processes: open ${message.listening}\n`,
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    // While stopping, one still starting (killed by the signal passed on) had nothing to finish.
    if (stopping) failed ||= listening.has(worker) && code !== 0;
    else if (listening.has(worker)) {
      console.error(
        `A server process (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting another`,
      );
      start();
    } else {
      failed = true;
      stop('SIGTERM');
    }
    if (live.size === 0) process.exit(failed ? 1 : 0);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.serverProcesses; i++) start();
}

/**
 * Reaches PostgreSQL once before anything else uses it. While it does not answer, tries again with
 * backoff for up to `waitMs`, one line per attempt; then, or on an answer waiting cannot change
 * (no such database, sign-in refused), stops with one line naming DATABASE_URL.
 */
async function waitForDatabase(url: string, waitMs: number): Promise<void> {
  const shown = redactedUrl(url);
  const named = `DATABASE_URL (${shown})`;
  const giveUpAt = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    const probe = await probeDatabase(url, CONNECT_TIMEOUT_MS);
    if (probe.ok) return;
    if (probe.problem === 'not-url') throw new ConfigError('DATABASE_URL is not a PostgreSQL URL');
    if (probe.problem === 'no-database')
      throw new ConfigError(`DATABASE_URL names a database that does not exist: ${shown}`);
    if (probe.problem === 'refused')
      throw new ConfigError(`Cannot use the database at ${named}: ${probe.reason}`);
    const delay = Math.min(1_000 * 2 ** (attempt - 1), 10_000, giveUpAt - Date.now());
    if (delay <= 0) {
      const tried = attempt > 1 ? ` (${attempt} attempts in ${Math.round(waitMs / 1000)} s)` : '';
      throw new ConfigError(`Cannot reach the database at ${named}: ${probe.reason}${tried}`);
    }
    console.error(
      `Waiting for the database at ${named}: ${probe.reason}; retrying in ${Math.ceil(delay / 1000)} s`,
    );
    await sleep(delay);
  }
}

/**
 * With S3_URL, asks the bucket once (HeadBucket) before anything else: a bucket that is not there,
 * credentials it refuses or a host that does not answer stop the start with one line naming S3_URL
 * (its secret hidden), not at the first upload.
 */
async function checkBucket(config: Config): Promise<void> {
  const bucket = config.documents.bucket;
  if (!bucket) return;
  const { s3ObjectStore, BucketUnavailableError } = await import('./platform/object-store.js');
  const store = s3ObjectStore(bucket);
  try {
    await store.check();
  } catch (e) {
    if (!(e instanceof BucketUnavailableError)) throw e;
    const shown = shownS3Url(process.env.S3_URL ?? '');
    throw new ConfigError(`Cannot use the bucket at S3_URL (${shown}): ${e.reason}`);
  } finally {
    store.close();
  }
}

/** SQLite codes that mean the file or its directory cannot serve, not that a migration is wrong. */
const SQLITE_FILE_CODES = /^SQLITE_(READONLY|FULL|IOERR|CORRUPT|NOTADB|CANTOPEN|PERM)/;

/** Opens (and migrates) the database; a SQLite file that cannot serve is one line naming DATA_DIR. */
async function openDatabase(
  config: Config,
  log: DbLog,
  { migrate: migrating }: { migrate: boolean },
): Promise<Db> {
  const { migrate, openDb } = await import('./platform/db/index.js');
  const open = () =>
    openDb({
      log,
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'knap.db'),
      poolMax: config.databasePoolMax,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    });
  const db = config.databaseUrl ? open() : inDataDir(config.dataDir, open);
  try {
    if (migrating) await migrate(db);
  } catch (e) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (db.engine === 'sqlite' && SQLITE_FILE_CODES.test(code)) throw dataDirError(config.dataDir, e);
    // The role may not create the schema or the tables.
    if (db.engine === 'postgres' && code === '42501')
      throw new ConfigError(
        `Cannot use the database at DATABASE_URL (${redactedUrl(config.databaseUrl ?? '')}): ${(e as Error).message}`,
      );
    throw e;
  }
  return db;
}

/** Why listening failed, in words, by the socket error's code. */
const LISTEN_REASONS: Record<string, string> = {
  EADDRNOTAVAIL: 'address not available',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'host name lookup failed',
  EACCES: 'permission denied',
  EAFNOSUPPORT: 'address family not supported',
};

/** A failure to listen on HOST and PORT as one line naming them; anything else as it is. */
function listenError(config: Config, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new ConfigError(`PORT=${config.port} is in use on HOST=${config.host} (EADDRINUSE)`);
  if (typeof code !== 'string' || !/^E[A-Z_]+$/.test(code)) return e;
  const reason = LISTEN_REASONS[code] ?? (e as Error).message;
  return new ConfigError(`Cannot listen on HOST=${config.host} PORT=${config.port}: ${reason} (${code})`);
}

/**
 * Binds HOST and PORT once and lets go, so a host that does not resolve or a port in use is said
 * before the database and the app's modules take their time (the real listen is checked too).
 */
async function checkAddress(config: Config): Promise<void> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host: config.host }, resolve);
    });
  } catch (e) {
    throw listenError(config, e);
  }
  await new Promise((resolve) => server.close(resolve));
}

async function listen(app: AppInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    throw listenError(config, e);
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
