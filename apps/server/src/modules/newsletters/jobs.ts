// The newsletters module's background job (registered by app.ts from its one list of jobs).
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { NEWSLETTER_SEND_EVERY_MS, NEWSLETTER_SEND_JOB, runNewsletterSends } from './deliveries.js';

export const newslettersJobs = (deps: AppDeps, log: FastifyBaseLogger): Job[] => [
  // The emails of each send, in the background; a crash's pending ones go at the next tick.
  { name: NEWSLETTER_SEND_JOB, everyMs: NEWSLETTER_SEND_EVERY_MS, run: () => runNewsletterSends(deps, log) },
];
