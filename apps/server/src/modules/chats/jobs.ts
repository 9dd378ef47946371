// The chats module's background job (registered by app.ts from its one list of jobs).
import type { AppDeps } from '../../platform/deps.js';
import type { Job } from '../../platform/jobs.js';
import { deleteStaleChats } from './service.js';

const HOUR_MS = 3600_000;

export const chatsJobs = (deps: AppDeps): Job[] => [
  // Hourly: chats idle for 30 days of users who keep auto-delete on.
  { name: 'chats.auto-delete', everyMs: HOUR_MS, run: () => deleteStaleChats(deps) },
];
