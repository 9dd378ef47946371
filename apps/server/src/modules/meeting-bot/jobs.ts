// The meeting bot's background jobs (registered by app.ts from its one list of jobs): booking bots
// for upcoming meetings, and on the embedded default the simulator's steps.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { BOOKING_JOB, bookUpcomingBots, SIMULATOR_JOB, simulating, stepSimulatedBots } from './scheduler.js';

export const meetingBotJobs = (deps: AppDeps, log: FastifyBaseLogger): Job[] => [
  { ...BOOKING_JOB, run: () => bookUpcomingBots(deps) },
  ...(simulating(deps) ? [{ ...SIMULATOR_JOB, run: () => stepSimulatedBots(deps, log) }] : []),
];
