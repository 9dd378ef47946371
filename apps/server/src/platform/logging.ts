// The request log: Fastify logs every request's URL at info, and some URLs carry credentials
// (OAuth callbacks' `code` and `state`, the popup sign-in's `one_shot_code`). Their values are
// replaced before a line is written; the rest of the URL stays, so a line still says what was asked.
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials or single-use codes. */
const SECRET_PARAMS = new Set([
  'code',
  'state',
  'one_shot_code',
  'nonce',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
]);
const REDACTED = '[redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of SECRET_PARAMS replaced (names matched as the query parser reads them). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** Fastify's own request serializer, but for the URL. */
const req = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  version: request.headers?.['accept-version'] as string | undefined,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyLoggerOptions {
  return { level, serializers: { req }, ...(stream ? { stream } : {}) };
}
