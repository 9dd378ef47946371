// Start-up's first contact with PostgreSQL: one connection, bounded in time, whose failure is said in
// words an operator can act on, and says whether waiting could help.
import pg from 'pg';

/**
 * `down`: no answer yet (refused, unreachable, starting up), worth another attempt. `no-database`:
 * the server says the database does not exist. `not-url`: pg cannot read the URL. `refused`: any
 * other answer (a failed sign-in, say), which waiting does not change.
 */
export type DatabaseProblem = 'down' | 'no-database' | 'not-url' | 'refused';

export type DatabaseProbe = { ok: true } | { ok: false; problem: DatabaseProblem; reason: string };

/** Socket errors of a server that is not there (yet): words, and whether to try again. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

/** PostgreSQL answers that mean "not now": the server is starting, shutting down or full. */
const BUSY_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Connects once with `url` and runs `select 1`, each step given at most `timeoutMs`. */
export async function probeDatabase(url: string, timeoutMs: number): Promise<DatabaseProbe> {
  let client: pg.Client;
  try {
    client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
  } catch {
    return { ok: false, problem: 'not-url', reason: 'not a PostgreSQL URL' };
  }
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (e) {
    return { ok: false, ...probeFailure(e as Error & { code?: string }, timeoutMs) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function probeFailure(
  e: Error & { code?: string },
  timeoutMs: number,
): { problem: DatabaseProblem; reason: string } {
  const code = e.code ?? '';
  if (NETWORK_REASONS[code]) return { problem: 'down', reason: `${NETWORK_REASONS[code]} (${code})` };
  if (code === '3D000') return { problem: 'no-database', reason: e.message };
  if (BUSY_CODES.has(code)) return { problem: 'down', reason: e.message };
  if (/timeout/i.test(e.message))
    return { problem: 'down', reason: `no answer within ${timeoutMs / 1000} s` };
  // pg's words for a socket closed before the server answered.
  if (/Connection terminated/i.test(e.message)) return { problem: 'down', reason: e.message };
  return { problem: 'refused', reason: e.message };
}

/** `url` as a log line may show it: the password, in the URL or its parameters, is `***`. */
export function redactedUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '(unreadable URL)';
  }
  if (u.password) u.password = '***';
  for (const name of ['password', 'sslpassword'])
    if (u.searchParams.has(name)) u.searchParams.set(name, '***');
  return u.toString();
}
