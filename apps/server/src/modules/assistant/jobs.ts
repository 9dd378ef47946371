// The assistant module's background job (registered by app.ts from its one list of jobs).
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { HEARTBEAT_MS, interruptDeadWriters } from './writers.js';

export const assistantJobs = (deps: AppDeps): Job[] => [
  // A reply whose writer lost its lease (or whose process on this host is gone) died with it: it is
  // marked interrupted, so the user can retry it.
  {
    name: 'assistant.mark-interrupted',
    everyMs: HEARTBEAT_MS,
    run: async () => ({ interrupted: await interruptDeadWriters(deps) }),
  },
];
