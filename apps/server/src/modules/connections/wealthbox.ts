// Wealthbox CRM through the user's connection: contacts and their notes.
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../platform/errors.js';
import { accessTokenFor } from './oauth-service.js';

export const WEALTHBOX_NOT_CONNECTED = 'Wealthbox is not connected';
export const WEALTHBOX_UNAVAILABLE = 'Wealthbox did not answer; please try again';

export interface WealthboxContact {
  id: number;
  name: string;
  email: string | null;
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
}

const toContact = (c: ApiContact): WealthboxContact => ({
  id: c.id,
  name: c.name ?? [c.first_name, c.last_name].filter(Boolean).join(' '),
  email: (c.email_addresses?.find((e) => e.principal) ?? c.email_addresses?.[0])?.address ?? null,
});

async function call<T>(deps: AppDeps, userId: string, path: string, init: RequestInit = {}): Promise<T> {
  const token = await accessTokenFor(deps, userId, 'wealthbox');
  if (!token) throw new HttpError(409, WEALTHBOX_NOT_CONNECTED);
  const res = await fetch(`${deps.config.apis.wealthbox}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (res?.status === 404) throw new HttpError(404, 'Contact not found');
  if (!res?.ok) throw new HttpError(502, WEALTHBOX_UNAVAILABLE);
  return (await res.json()) as T;
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
    body: JSON.stringify({ content, linked_to: [{ id: contactId, type: 'Contact' }] }),
  });
  return { id: note.id, content: note.content, created_at: note.created_at };
}
