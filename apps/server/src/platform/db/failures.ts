// What a database error means for the request that met it: the database is away (answer 503 and
// let the client come back), or a constraint said no (the caller turns that into its own answer).

/** Node socket errors and pg's own texts for a connection that failed, was cut or timed out. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

/**
 * True when the error says the database cannot be used right now, not that the query was wrong:
 * our own DatabaseUnavailable, a lost or refused connection, PostgreSQL shutting down or starting
 * (57P01–57P03), a connection exception (class 08), a statement cancelled by its timeout (57014),
 * SQLite still locked after its busy timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === 'KNAP_DB_UNAVAILABLE' || CONNECTION_CODES.has(code)) return true;
    if (/^57P0[123]$/.test(code) || code.startsWith('08') || code === '57014') return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  return CONNECTION_MESSAGES.some((m) => err.message.startsWith(m));
}

/** True when the error is a unique constraint or index refusing a row (by its name in PostgreSQL). */
export function isUniqueViolation(err: unknown, index: string, sqliteColumns: string): boolean {
  if (!(err instanceof Error)) return false;
  const { code, constraint } = err as { code?: unknown; constraint?: unknown };
  if (code === '23505') return constraint === index;
  // SQLite names the columns, not the index: "UNIQUE constraint failed: messages.chat_id".
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && err.message.endsWith(`: ${sqliteColumns}`);
}
