import { z } from 'zod';
import * as wealthbox from '../../connections/systems/wealthbox.js';
import { defineTool, type ToolDefinition } from '../define.js';

/** Wealthbox CRM tools, offered when the user has connected Wealthbox. Writing a note asks first. */
export const wealthboxTools: ToolDefinition[] = [
  defineTool({
    name: 'wealthbox_search_contacts',
    description: 'Search Wealthbox CRM contacts by name.',
    inputSchema: z.object({ query: z.string().min(1).max(200) }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `${(out as unknown[]).length} contacts`,
    execute: ({ query }, ctx) => wealthbox.searchContacts(ctx.deps, ctx.user.id, query),
  }),
  defineTool({
    name: 'wealthbox_contact_with_notes',
    description: 'A Wealthbox contact with their notes.',
    inputSchema: z.object({ contact_id: z.number().int().positive() }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `${(out as { notes: unknown[] }).notes.length} notes`,
    execute: ({ contact_id }, ctx) => wealthbox.contactWithNotes(ctx.deps, ctx.user.id, contact_id),
  }),
  defineTool({
    name: 'wealthbox_add_note',
    description: 'Add a note to a Wealthbox contact. The user is asked to approve it first.',
    inputSchema: z.object({
      contact_id: z.number().int().positive(),
      content: z.string().min(1).max(10_000),
    }),
    needsApproval: true,
    creditCost: 0,
    summarize: () => 'Note added',
    execute: ({ contact_id, content }, ctx) => wealthbox.addNote(ctx.deps, ctx.user.id, contact_id, content),
    async preview({ contact_id, content }, ctx) {
      const { contact } = await wealthbox.contactWithNotes(ctx.deps, ctx.user.id, contact_id);
      const who = contact.email ? `${contact.name} <${contact.email}>` : contact.name;
      return {
        system: 'Wealthbox',
        action: `Add a note to ${contact.name}`,
        fields: [
          { label: 'Contact', value: who },
          { label: 'Note', value: content },
        ],
      };
    },
  }),
];
