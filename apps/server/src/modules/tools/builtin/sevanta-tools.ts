import { z } from 'zod';
import * as sevanta from '../../connections/systems/sevanta.js';
import { defineTool } from '../define.js';

/** The deal-flow CRM, offered when the user has connected Sevanta. Read-only. */
export const sevantaTools = [
  defineTool({
    name: 'sevanta_search_deals',
    description:
      'Search the Sevanta deal-flow pipeline by company, sector or keyword; optionally only deals with a status (active, watchlist, passed, portfolio). Most recently active first.',
    inputSchema: z.object({
      query: z.string().max(200),
      status: z.enum(['active', 'watchlist', 'passed', 'portfolio']).optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `${(out as unknown[]).length} deals`,
    execute: ({ query, status }, ctx) => sevanta.searchDeals(ctx.deps, ctx.user.id, query, status),
  }),
];
