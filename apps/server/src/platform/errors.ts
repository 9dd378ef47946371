// The one error type and the one handler that turns every failure into `{ "detail": ... }`, also
// for the requests Fastify refuses before routing and those Node refuses before Fastify sees them.
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DETAIL } from '@knap/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db/failures.js';
import type { ErrorReporter } from './error-reporting.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Sent as Retry-After (a 429 or 503 that knows when to come back). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

export const notFound = (detail: string = DETAIL.notFound) => new HttpError(404, detail);

/** When a client should come back after the database was away: the probe looks twice a second. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Fastify's own client-error codes, answered with a clean text instead of its internals. */
const FRAMEWORK_ERRORS: Record<string, (e: FastifyError) => [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) => [415, DETAIL.unsupportedMediaType(mediaTypeOf(e))],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, DETAIL.bodyTooLarge],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, DETAIL.invalidContentLength],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, DETAIL.emptyJsonBody],
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, DETAIL.malformedJson],
  // Refused while routing (Fastify's `frameworkErrors`): a path that does not percent-decode, and
  // a path segment longer than the router's maxParamLength (100).
  FST_ERR_BAD_URL: () => [400, DETAIL.invalidUrl],
  FST_ERR_MAX_PARAM_LENGTH: () => [414, DETAIL.urlTooLong],
};

/** Fastify's `frameworkErrors` option: what it refuses before a route is found. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (!known) request.log.error({ err: error }, 'framework error');
  const [status, detail] = known ? known(error) : [500, DETAIL.internal];
  reply.status(status).send({ detail });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it (the
 * request line and headers past Node's 16 KB, a character no URL may hold, bytes that are not
 * HTTP), so the answer is written on the socket, in the app's shape rather than Fastify's.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = clientErrorAnswer(error);
  const body = JSON.stringify({ detail });
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  else socket.destroy();
}

function clientErrorAnswer(error: Error & { code?: string; rawPacket?: unknown }): [number, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, DETAIL.requestTimeout];
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error.rawPacket) ? [414, DETAIL.urlTooLong] : [431, DETAIL.headersTooLarge];
    case 'HPE_INVALID_URL':
      return [400, DETAIL.invalidUrl];
    default:
      return [400, DETAIL.malformedRequest];
  }
}

/**
 * Node counts the request line in its header limit and says only "header overflow". When the bytes
 * it was reading start the request and its first line has not ended within the limit, the URL is
 * what was too long.
 */
function requestLineTooLong(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw) || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false;
  const end = raw.indexOf('\r\n');
  return end < 0 || end > maxHeaderSize;
}

function mediaTypeOf(e: FastifyError): string {
  return /: (.+)$/.exec(e.message)?.[1] ?? 'unknown';
}

/** `reporter` gets every 500 (platform/error-reporting.ts; it sends nothing without SENTRY_DSN). */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ detail: error.detail });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const field = where
        ? `${error.validationContext ?? 'body'}.${where}`
        : (error.validationContext ?? 'body');
      return reply.status(422).send({ detail: DETAIL.invalid(field, first?.message) });
    }

    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      const [status, detail] = known(error);
      return reply.status(status).send({ detail });
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ detail: DETAIL.malformedJson });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send({ detail: DETAIL.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: DETAIL.tooManyRequests });
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });

    request.log.error({ err: error }, 'unhandled error');
    reporter.captureRequestError(error, request);
    return reply.status(500).send({ detail: DETAIL.internal });
  });
}
