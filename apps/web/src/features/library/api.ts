// The Library's calls: the user's items (searched and filtered), saved prompts and deleting.
import {
  LIBRARY_PATHS,
  type LibraryKind,
  type TLibraryResponse,
  type TSavedPrompt,
  type TSavedPromptInput,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export interface LibraryFilter {
  q: string;
  kind: LibraryKind | '';
  client: string;
}

export function listLibrary(filter: LibraryFilter) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.client) params.set('client', filter.client);
  const query = params.toString();
  return apiRequest<TLibraryResponse>(`${LIBRARY_PATHS.list}${query ? `?${query}` : ''}`);
}

export const listPrompts = () => apiRequest<TSavedPrompt[]>(LIBRARY_PATHS.prompts);

/** Saves a prompt: a new one without an id, else the one with it. */
export const savePrompt = ({ id, ...input }: TSavedPromptInput & { id?: string }) =>
  apiRequest<TSavedPrompt>(id ? LIBRARY_PATHS.prompt(id) : LIBRARY_PATHS.prompts, {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export const deleteLibraryItem = ({ kind, id }: { kind: LibraryKind; id: string }) =>
  apiRequest<{ success: boolean }>(LIBRARY_PATHS.item(kind, id), { method: 'DELETE' });
