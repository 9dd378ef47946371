import { FALLBACK_TIMEZONE } from '@knap/contracts';
import { z } from 'zod';
import { defineTool } from '../define.js';

export const currentDatetimeTool = defineTool({
  name: 'current_datetime',
  description: "The current date and time in the user's timezone.",
  inputSchema: z.object({}),
  needsApproval: false,
  creditCost: 0,
  summarize: (out) => (out as { local: string }).local,
  async execute(_input, ctx) {
    const timeZone = ctx.user.timezone ?? FALLBACK_TIMEZONE;
    const now = ctx.deps.clock.now();
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(now);
    return { iso: now.toISOString(), timeZone, local };
  },
});
