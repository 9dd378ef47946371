// The compliance module's background job (registered by app.ts from its one list of jobs).
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { applyRetention } from './retention.js';

const HOUR_MS = 3600_000;

export const complianceJobs = (deps: AppDeps): Job[] => [
  { name: 'compliance.retention', everyMs: HOUR_MS, run: () => applyRetention(deps) },
];
