import { z } from 'zod';

/** The `detail` texts of the operators' jobs view. */
export const HEALTH_DETAIL = {
  jobNotFound: 'Job not found',
  /** A job run by hand threw; its message is the operator's to read. */
  jobFailed: (message: string) => `The job failed: ${message}`,
} as const;

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['sqlite', 'postgres']),
  /** The database answered a query just now. */
  db_ok: z.boolean(),
  /** 'off' without REDIS_URL. */
  redis: z.enum(['ok', 'down', 'off']),
  /** Where background jobs run. */
  jobs: z.enum(['in-process', 'bullmq']),
  version: z.string(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ZErrorResponse = z.object({ detail: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
