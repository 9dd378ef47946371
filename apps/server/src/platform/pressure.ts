// Load shedding: when the event loop lags, or is busy nearly all the time, new completions are
// refused with 503 and Retry-After rather than every request (and every reply already streaming)
// getting slower. @fastify/under-pressure measures both; its own hook, which would refuse every request (health, static files, Stop
// included), is made to let everything through, and the routes that start new work ask
// `shedWhenBusy` instead.
import underPressure from '@fastify/under-pressure';
import { DETAIL } from '@knap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** How long a refused client is asked to wait. */
export const SHED_RETRY_AFTER_S = 5;
/** How often the event loop's lag and utilization are measured (over that long each time). */
export const PRESSURE_SAMPLE_MS = 500;

/**
 * Measures the event loop's lag and utilization; a threshold of 0 sheds nothing for that measure.
 * Utilization is taken over each sample ('interval'), not since the start.
 */
export async function registerPressure(
  app: FastifyInstance,
  {
    maxEventLoopDelayMs,
    maxEventLoopUtilization,
  }: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number },
) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    sampleInterval: PRESSURE_SAMPLE_MS,
    // Its global hook answers nothing: only routes with shedWhenBusy are refused.
    pressureHandler: () => undefined,
  });
}

/** A route's onRequest hook: 503 with Retry-After while the event loop lags past the threshold. */
export async function shedWhenBusy(request: FastifyRequest): Promise<void> {
  if (request.server.isUnderPressure()) throw new HttpError(503, DETAIL.assistantBusy, SHED_RETRY_AFTER_S);
}
