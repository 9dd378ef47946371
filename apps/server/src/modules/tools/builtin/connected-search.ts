// What the tools of connected mail and file accounts share: a search tool, and what a provider's
// id may look like.
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.js';
import { defineTool, type ToolDefinition } from '../define.js';

/** Provider ids are URL-safe tokens; anything else (a path, `..`) is not an id. */
export const providerId = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[\w=+!-]+$/, 'an id from the search results');

/** A read-only search of one connected account: free, asks nothing, summarized as a count. */
export function searchTool(def: {
  name: string;
  description: string;
  /** What one result is called in the summary ('message' -> '3 messages'). */
  noun: string;
  maxQuery: number;
  search(deps: AppDeps, userId: string, query: string, max: number): Promise<unknown[]>;
}): ToolDefinition {
  return defineTool({
    name: def.name,
    description: def.description,
    inputSchema: z.object({
      query: z.string().min(1).max(def.maxQuery),
      max_results: z.number().int().min(1).max(25).optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => {
      const n = (out as unknown[]).length;
      return `${n} ${def.noun}${n === 1 ? '' : 's'}`;
    },
    execute: ({ query, max_results }, ctx) => def.search(ctx.deps, ctx.user.id, query, max_results ?? 10),
  });
}
