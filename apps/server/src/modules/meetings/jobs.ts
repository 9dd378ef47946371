// The meetings module's background jobs (registered by app.ts from its one list of jobs).
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { resumeStuckNotes } from './notes.js';
import { syncAllCalendars } from './sync.js';

const FIVE_MINUTES_MS = 5 * 60_000;

export const meetingsJobs = (deps: AppDeps, log: FastifyBaseLogger): Job[] => [
  { name: 'meetings.resume-notes', everyMs: FIVE_MINUTES_MS, run: () => resumeStuckNotes(deps) },
  { name: 'meetings.calendar-sync', everyMs: FIVE_MINUTES_MS, run: () => syncAllCalendars(deps, log) },
];
