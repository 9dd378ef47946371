// The one error type and the one handler that turns every failure into `{ "detail": ... }`.
import { DETAIL } from '@knap/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Sent with the answer, e.g. `retry-after` on a 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (detail: string = DETAIL.notFound) => new HttpError(404, detail);

/** Fastify's own client-error codes, answered with a clean text instead of its internals. */
const FRAMEWORK_ERRORS: Record<string, (e: FastifyError) => [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) => [415, DETAIL.unsupportedMediaType(mediaTypeOf(e))],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, DETAIL.bodyTooLarge],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, 'Invalid Content-Length header'],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, 'Request body is empty but Content-Type is application/json'],
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, DETAIL.malformedJson],
};

function mediaTypeOf(e: FastifyError): string {
  return /: (.+)$/.exec(e.message)?.[1] ?? 'unknown';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.status).headers(error.headers).send({ detail: error.detail });

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const field = where
        ? `${error.validationContext ?? 'body'}.${where}`
        : (error.validationContext ?? 'body');
      return reply.status(422).send({ detail: `Invalid ${field}: ${first?.message ?? 'invalid value'}` });
    }

    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      const [status, detail] = known(error);
      return reply.status(status).send({ detail });
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ detail: DETAIL.malformedJson });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: DETAIL.tooManyRequests });
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: DETAIL.internal });
  });
}
