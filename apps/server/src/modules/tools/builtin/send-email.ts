import { z } from 'zod';
import { reviewsEmailOf } from '../../compliance/service.js';
import { holdForReview } from '../../compliance/supervision.js';
import {
  keepInOutbox,
  mailAccountOf,
  mailAccountProblem,
  sendMailAsUser,
} from '../../connections/systems/mail.js';
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
  editableFields: ['to', 'subject', 'body'],
  summarize: (out) => {
    const { to, delivered_to } = out as { to: string; delivered_to: string };
    return delivered_to === 'review' ? `Waiting for review: ${to}` : `Sent to ${to}`;
  },
  async preview(input, ctx) {
    const via = await mailAccountOf(ctx.deps, ctx.user.id);
    if (await reviewsEmailOf(ctx.deps, ctx.user.id))
      return {
        system: 'Review queue',
        action: `Send an email to ${input.to} for review: your organization approves client email before it leaves`,
        fields: [
          { label: 'To', value: input.to },
          { label: 'Subject', value: input.subject },
          { label: 'Body', value: input.body },
        ],
      };
    const problem = via ? null : await mailAccountProblem(ctx.deps, ctx.user.id);
    return {
      system: via === 'gmail' ? 'Gmail' : via === 'outlook' ? 'Outlook' : problem ? 'Mail' : 'Outbox',
      action: via
        ? `Send an email to ${input.to}`
        : problem
          ? `Send an email to ${input.to}; it cannot go out until this is fixed: ${problem}`
          : `Keep an email to ${input.to} in the outbox (no mail account is connected)`,
      fields: [
        { label: 'To', value: input.to },
        { label: 'Subject', value: input.subject },
        { label: 'Body', value: input.body },
      ],
    };
  },
  async execute(input, ctx) {
    const review = await holdForReview(ctx.deps, ctx.user.id, input, { account: null, chatId: ctx.chatId });
    if (review) return { review_id: review, to: input.to, subject: input.subject, delivered_to: 'review' };
    const via = await sendMailAsUser(ctx.deps, ctx.user.id, input);
    if (via) return { to: input.to, subject: input.subject, delivered_to: via };
    const id = await keepInOutbox(ctx.deps, ctx.user.id, input);
    return { id, to: input.to, subject: input.subject, delivered_to: 'outbox' };
  },
});
