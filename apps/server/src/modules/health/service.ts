// Health: whether the app's parts answer, and the operators' view of the background jobs.
import { DETAIL, HEALTH_DETAIL, type THealthResponse } from '@knap/contracts';
import { isOperator } from '../../platform/auth.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';

/**
 * Never waits behind the pool: the database's state is its probe's last answer (platform/db), at
 * most half a second old; Redis answers a ping within a second or counts as down.
 */
export async function health(deps: AppDeps): Promise<THealthResponse> {
  const dbOk = deps.db.available();
  const redis = await deps.events.ping();
  return {
    status: dbOk && redis !== 'down' ? 'ok' : 'degraded',
    db: deps.db.engine,
    db_ok: dbOk,
    redis: redis ?? 'off',
    jobs: deps.jobs.backend,
    version: deps.config.version,
  };
}

/** Every background job, when it last ran and how it went (operators only). */
export async function jobsView(deps: AppDeps, user: UserRow) {
  if (!isOperator(deps, user)) throw new HttpError(403, DETAIL.operatorsOnly('see the jobs'));
  return jobsStatus(deps);
}

const jobsStatus = async (deps: AppDeps) => ({ backend: deps.jobs.backend, jobs: await deps.jobs.status() });

/** Runs a job now, for an operator, and answers the jobs view after it. */
export async function runJobNow(deps: AppDeps, user: UserRow, name: string) {
  if (!isOperator(deps, user)) throw new HttpError(403, DETAIL.operatorsOnly('run jobs'));
  if (!deps.jobs.jobs().includes(name)) throw new HttpError(404, HEALTH_DETAIL.jobNotFound);
  const failed = (error: string) => new HttpError(502, HEALTH_DETAIL.jobFailed(error));
  // BullMQ rejects when the run failed; the in-process scheduler records it in the job's status.
  await deps.jobs.runNow(name).catch((err: unknown) => {
    throw failed(err instanceof Error ? err.message : String(err));
  });
  const view = await jobsStatus(deps);
  const error = view.jobs.find((job) => job.name === name)?.lastError;
  if (error) throw failed(error);
  return view;
}
