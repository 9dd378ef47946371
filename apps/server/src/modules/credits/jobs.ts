// The credits module's background job (registered by app.ts from its one list of jobs).
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { grantMonthlyCredits } from './service.js';

export const creditsJobs = (deps: AppDeps): Job[] => [
  // Hourly, so a month's credits arrive soon after it starts; each grant happens once.
  { name: 'credits.monthly-grant', everyMs: 60 * 60_000, run: () => grantMonthlyCredits(deps) },
];
