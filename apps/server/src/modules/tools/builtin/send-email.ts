import { z } from 'zod';
import { newId } from '../../../platform/crypto.js';
import { sendMailAsUser } from '../../connections/mail.js';
import { defineTool } from '../define.js';

/**
 * Sends an email for the user through their connected Gmail or Outlook; with neither connected it
 * goes to the local outbox (the embedded default). Always asks first.
 */
export const sendEmailTool = defineTool({
  name: 'send_email',
  description: 'Send an email on behalf of the user. The user is asked to approve it first.',
  inputSchema: z.object({
    to: z.email().max(254),
    subject: z.string().min(1).max(300),
    body: z.string().min(1).max(20_000),
  }),
  needsApproval: true,
  creditCost: 1,
  summarize: (out) => `Sent to ${(out as { to: string }).to}`,
  async execute(input, ctx) {
    const via = await sendMailAsUser(ctx.deps, ctx.user.id, input);
    if (via) return { to: input.to, subject: input.subject, delivered_to: via };
    const id = newId();
    await ctx.deps.db.db
      .insertInto('outbox_emails')
      .values({
        id,
        user_id: ctx.user.id,
        to_address: input.to,
        subject: input.subject,
        body: input.body,
        created_at: ctx.deps.clock.now().toISOString(),
      })
      .execute();
    return { id, to: input.to, subject: input.subject, delivered_to: 'outbox' };
  },
});
