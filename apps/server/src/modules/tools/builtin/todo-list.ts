import { TODO_STATUSES } from '@knap/contracts';
import { z } from 'zod';
import { defineTool } from '../define.js';

/** Keeps a visible checklist for multi-step work; each call replaces the whole list. */
export const todoListTool = defineTool({
  name: 'update_todo_list',
  description:
    'Keep a short checklist for a multi-step task. Call it with the whole list whenever a step starts or finishes.',
  inputSchema: z.object({
    items: z
      .array(z.object({ text: z.string().min(1).max(300), status: z.enum(TODO_STATUSES) }))
      .min(1)
      .max(20),
  }),
  needsApproval: false,
  creditCost: 0,
  summarize: (out) => {
    const items = (out as { items: Array<{ status: string }> }).items;
    return `${items.filter((i) => i.status === 'done').length}/${items.length} done`;
  },
  async execute(input, ctx) {
    await ctx.onTodos(input.items);
    return { items: input.items };
  },
});
