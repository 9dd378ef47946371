// Load shedding: when the event loop lags, new completions are refused with 503 and Retry-After
// rather than every request (and every reply already streaming) getting slower. @fastify/under-pressure
// measures the lag; its own hook, which would refuse every request (health, static files, Stop
// included), is made to let everything through, and the routes that start new work ask
// `shedWhenBusy` instead.
import underPressure from '@fastify/under-pressure';
import { DETAIL } from '@knap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** How long a refused client is asked to wait. */
export const SHED_RETRY_AFTER_S = 5;
/** How often the event loop's lag is measured (its mean over this long, above 10 ms resolution). */
export const PRESSURE_SAMPLE_MS = 1_000;

/** Measures the event loop's lag; `maxEventLoopDelayMs` 0 measures nothing and sheds nothing. */
export async function registerPressure(
  app: FastifyInstance,
  { maxEventLoopDelayMs }: { maxEventLoopDelayMs: number },
) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: PRESSURE_SAMPLE_MS,
    // Its global hook answers nothing: only routes with shedWhenBusy are refused.
    pressureHandler: () => undefined,
  });
}

/** A route's onRequest hook: 503 with Retry-After while the event loop lags past the threshold. */
export async function shedWhenBusy(request: FastifyRequest): Promise<void> {
  if (request.server.isUnderPressure()) throw new HttpError(503, DETAIL.assistantBusy, SHED_RETRY_AFTER_S);
}
