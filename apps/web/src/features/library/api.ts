// The Library's calls: the user's items (searched and filtered), saved prompts and deleting.
import {
  LIBRARY_PATHS,
  type LibraryKind,
  type TSavedPromptInput,
  ZLibraryResponse,
  ZSavedPrompt,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZSavedPromptList = ZSavedPrompt.array();

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
  return apiRequest(`${LIBRARY_PATHS.list}${query ? `?${query}` : ''}`, ZLibraryResponse);
}

export const listPrompts = () => apiRequest(LIBRARY_PATHS.prompts, ZSavedPromptList);

/** Saves a prompt: a new one without an id, else the one with it. */
export const savePrompt = ({ id, ...input }: TSavedPromptInput & { id?: string }) =>
  apiRequest(id ? LIBRARY_PATHS.prompt(id) : LIBRARY_PATHS.prompts, ZSavedPrompt, {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export const deleteLibraryItem = ({ kind, id }: { kind: LibraryKind; id: string }) =>
  apiRequest(LIBRARY_PATHS.item(kind, id), ZSuccessResponse, { method: 'DELETE' });
