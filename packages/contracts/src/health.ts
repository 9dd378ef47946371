import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ZErrorResponse = z.object({ detail: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
