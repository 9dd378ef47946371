// Wealthbox CRM through the user's connection: contacts and their notes.
import { CONNECTION_DETAIL } from '@knap/contracts';
import type { AppDeps } from '../../../platform/deps.js';
import { type ProviderRequest, providerApi } from './provider-api.js';

export interface WealthboxContact {
  id: number;
  name: string;
  email: string | null;
  /** YYYY-MM-DD, when the CRM has it. */
  birth_date: string | null;
}
export interface WealthboxNote {
  id: number;
  content: string;
  created_at: string;
}

interface ApiContact {
  id: number;
  name?: string;
  first_name?: string;
  last_name?: string;
  email_addresses?: Array<{ address?: string; principal?: boolean }>;
  birth_date?: string | null;
}

const toContact = (c: ApiContact): WealthboxContact => ({
  id: c.id,
  name: c.name ?? [c.first_name, c.last_name].filter(Boolean).join(' '),
  email: (c.email_addresses?.find((e) => e.principal) ?? c.email_addresses?.[0])?.address ?? null,
  birth_date: /^\d{4}-\d{2}-\d{2}$/.test(c.birth_date ?? '') ? c.birth_date! : null,
});

function call<T>(
  deps: AppDeps,
  userId: string,
  path: string,
  init: Pick<ProviderRequest, 'method' | 'body'> = {},
) {
  return providerApi(deps, userId, 'wealthbox').then((api) =>
    api.call<T>({
      url: `${deps.config.apis.wealthbox}${path}`,
      notFound: CONNECTION_DETAIL.contactNotFound,
      ...init,
    }),
  );
}

export async function searchContacts(
  deps: AppDeps,
  userId: string,
  query: string,
): Promise<WealthboxContact[]> {
  const body = await call<{ contacts?: ApiContact[] }>(
    deps,
    userId,
    `/v1/contacts?${new URLSearchParams({ name: query, per_page: '25' })}`,
  );
  return (body.contacts ?? []).map(toContact);
}

export async function contactWithNotes(deps: AppDeps, userId: string, contactId: number) {
  const contact = toContact(await call<ApiContact>(deps, userId, `/v1/contacts/${contactId}`));
  const notes = await call<{ status_updates?: WealthboxNote[] }>(
    deps,
    userId,
    `/v1/notes?${new URLSearchParams({ resource_id: String(contactId), resource_type: 'Contact' })}`,
  );
  return {
    contact,
    notes: (notes.status_updates ?? []).map((n) => ({
      id: n.id,
      content: n.content,
      created_at: n.created_at,
    })),
  };
}

export async function addNote(
  deps: AppDeps,
  userId: string,
  contactId: number,
  content: string,
): Promise<WealthboxNote> {
  const note = await call<WealthboxNote>(deps, userId, '/v1/notes', {
    method: 'POST',
    body: { content, linked_to: [{ id: contactId, type: 'Contact' }] },
  });
  return { id: note.id, content: note.content, created_at: note.created_at };
}
