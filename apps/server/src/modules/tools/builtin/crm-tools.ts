import { INTEGRATION_NAMES } from '@knap/contracts';
import { z } from 'zod';
import {
  type CrmId,
  MAX_RESULTS,
  searchContacts,
  searchOpportunities,
} from '../../connections/systems/crm.js';
import { defineTool, type ToolDefinition } from '../define.js';

/** How a CRM names the records a tool finds, e.g. Copper's people or Zoho's deals. */
interface Noun {
  one: string;
  many: string;
}

/** A read-only search of one CRM's contacts or opportunities by name (the same input for all six). */
function searchTool(crm: CrmId, kind: 'contacts' | 'opportunities', name: string, noun: Noun) {
  const search = kind === 'contacts' ? searchContacts : searchOpportunities;
  const details =
    kind === 'contacts' ? 'email, phone, company and title' : 'stage, amount, close date and company';
  return defineTool({
    name,
    description: `Search ${INTEGRATION_NAMES[crm]} ${noun.many} by name; up to ${MAX_RESULTS}, each with its ${details}.`,
    inputSchema: z.object({ query: z.string().trim().min(2).max(100) }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => {
      const n = (out as unknown[]).length;
      return `${n} ${n === 1 ? noun.one : noun.many}`;
    },
    execute: ({ query }, ctx) => search(ctx.deps, ctx.user.id, crm, query),
  });
}

const contacts: Noun = { one: 'contact', many: 'contacts' };
const opportunities: Noun = { one: 'opportunity', many: 'opportunities' };

/** CRM search tools of each CRM connection, offered while it is connected. */
export const crmTools: Record<CrmId, ToolDefinition[]> = {
  salesforce: [
    searchTool('salesforce', 'contacts', 'salesforce_search_contacts', contacts),
    searchTool('salesforce', 'opportunities', 'salesforce_search_opportunities', opportunities),
  ],
  zoho: [
    searchTool('zoho', 'contacts', 'zoho_search_contacts', contacts),
    searchTool('zoho', 'opportunities', 'zoho_search_deals', { one: 'deal', many: 'deals' }),
  ],
  copper: [
    searchTool('copper', 'contacts', 'copper_search_people', { one: 'person', many: 'people' }),
    searchTool('copper', 'opportunities', 'copper_search_opportunities', opportunities),
  ],
};
