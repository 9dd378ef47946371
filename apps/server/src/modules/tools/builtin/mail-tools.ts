import { INTEGRATION_NAMES } from '@knap/contracts';
import { z } from 'zod';
import { gmail, type MailAccount, type MailMessage, outlook } from '../../connections/systems/mail.js';
import { defineTool, type ToolDefinition } from '../define.js';
import { providerId, searchTool } from './connected-search.js';

/**
 * Search, read and draft tools for one connected mailbox. Reading is free and asks nothing;
 * a draft is written into the user's mailbox, so it asks first and shows what it will save.
 */
function mailTools(prefix: string, account: MailAccount, queryHelp: string): ToolDefinition[] {
  const system = INTEGRATION_NAMES[account.type];
  return [
    searchTool({
      name: `${prefix}_search`,
      description: `Search the user's ${system} mail, newest first: id, from, to, subject, date and a snippet of each message. ${queryHelp}`,
      noun: 'message',
      maxQuery: 500,
      search: account.search,
    }),
    defineTool({
      name: `${prefix}_read`,
      description: `Read one ${system} message by the id ${prefix}_search gave: headers and its text body.`,
      inputSchema: z.object({ id: providerId }),
      needsApproval: false,
      creditCost: 0,
      summarize: (out) => `Read “${(out as MailMessage).subject.slice(0, 60)}”`,
      execute: ({ id }, ctx) => account.read(ctx.deps, ctx.user.id, id),
    }),
    defineTool({
      name: `${prefix}_draft`,
      description: `Save an email as a draft in the user's ${system} (it is not sent). The user is asked to approve it first.`,
      inputSchema: z.object({
        to: z.email().max(254),
        subject: z.string().min(1).max(300),
        body: z.string().min(1).max(20_000),
      }),
      needsApproval: true,
      creditCost: 0,
      editableFields: ['to', 'subject', 'body'],
      summarize: () => 'Draft created',
      execute: (mail, ctx) => account.draft(ctx.deps, ctx.user.id, mail),
      preview: async (mail) => ({
        system,
        action: `Create a draft to ${mail.to}`,
        fields: [
          { label: 'To', value: mail.to },
          { label: 'Subject', value: mail.subject },
          { label: 'Body', value: mail.body },
        ],
      }),
    }),
  ];
}

/** Gmail tools, offered while Gmail is connected. */
export const gmailTools = mailTools(
  'gmail',
  gmail,
  'The query uses Gmail search syntax, e.g. from:ann@x.example subject:review "annual review" newer_than:30d.',
);

/** Outlook tools, offered while Outlook is connected. */
export const outlookTools = mailTools(
  'outlook',
  outlook,
  'The query uses Outlook search (KQL), e.g. from:ann@x.example subject:review or plain words.',
);
