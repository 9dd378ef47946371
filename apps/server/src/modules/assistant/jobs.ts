// The assistant module's background job (registered by app.ts from its one list of jobs).
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { markInterruptedReplies } from '../chats/service.js';

export const assistantJobs = (deps: AppDeps): Job[] => [
  // A reply whose writer went quiet for twice the model's stall timeout died with its process:
  // it is marked interrupted, so the user can retry it.
  {
    name: 'assistant.mark-interrupted',
    everyMs: deps.config.llm.timeoutMs,
    run: () => markInterruptedReplies(deps, 2 * deps.config.llm.timeoutMs),
  },
];
