// The Library (issue 13): every source's items for the user in one list, newest first, searched by
// words in the title, client or summary (and inside client documents' text, issue 26) and filtered
// by kind and client; deleting goes to the item's own source. Saved prompts are kept here.
import {
  LIBRARY_DETAIL,
  LIBRARY_PROMPTS_MAX,
  type LibraryKind,
  type TLibraryItem,
  type TLibraryQuery,
  type TLibraryResponse,
  type TSavedPrompt,
  type TSavedPromptInput,
} from '@knap/contracts';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import * as repo from './repo.js';
import { LIBRARY_SOURCES } from './sources.js';

const words = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);

export async function listLibrary(
  deps: AppDeps,
  user: UserRow,
  query: TLibraryQuery,
): Promise<TLibraryResponse> {
  const sources = query.kind ? LIBRARY_SOURCES.filter((s) => s.kind === query.kind) : LIBRARY_SOURCES;
  const all = (await Promise.all(sources.map((s) => s.list(deps, user)))).flat();
  const clients = [...new Set(all.map((i) => i.client).filter((c): c is string => !!c))].sort((a, b) =>
    a.localeCompare(b),
  );
  const wanted = words(query.q);
  const client = query.client?.toLowerCase();
  // Sources that search inside their items' text (documents' passages) say where each matched.
  const inText = new Map<string, Partial<TLibraryItem>>();
  if (wanted.length > 0)
    for (const source of sources.filter((s) => s.searchText))
      for (const [id, found] of await source.searchText!(deps, user, query.q))
        inText.set(`${source.kind}:${id}`, found);
  const items = all
    .filter((i) => !client || i.client?.toLowerCase() === client)
    .flatMap((i) => {
      const found = inText.get(`${i.kind}:${i.id}`);
      if (found) return [{ ...i, ...found }];
      const text = [i.title, i.client, i.summary].filter(Boolean).join(' ').toLowerCase();
      return wanted.every((w) => text.includes(w)) ? [i] : [];
    })
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id));
  for (const source of sources.filter((s) => s.matchesShown)) {
    const shown = items.filter((i) => i.kind === source.kind && i.match).map((i) => i.id);
    if (shown.length > 0) await source.matchesShown!(deps, user, shown);
  }
  return { items, clients };
}

export async function deleteItem(deps: AppDeps, user: UserRow, kind: LibraryKind, id: string) {
  const source = LIBRARY_SOURCES.find((s) => s.kind === kind);
  if (!source?.remove) throw new HttpError(422, LIBRARY_DETAIL.notDeletedHere);
  if (!(await source.remove(deps, user, id))) throw notFound(LIBRARY_DETAIL.itemNotFound);
  return { success: true };
}

export const listPrompts = (deps: AppDeps, user: UserRow): Promise<TSavedPrompt[]> =>
  repo.listPrompts(deps.db.db, user.id);

export async function savePrompt(
  deps: AppDeps,
  user: UserRow,
  input: TSavedPromptInput,
): Promise<TSavedPrompt> {
  if ((await repo.countPrompts(deps.db.db, user.id)) >= LIBRARY_PROMPTS_MAX)
    throw new HttpError(409, LIBRARY_DETAIL.tooManyPrompts);
  const now = isoNow(deps.clock);
  const row = { id: newId(), user_id: user.id, ...input, created_at: now, updated_at: now };
  await repo.insertPrompt(deps.db.db, row);
  return (await repo.findPrompt(deps.db.db, user.id, row.id))!;
}

export async function updatePrompt(
  deps: AppDeps,
  user: UserRow,
  id: string,
  input: TSavedPromptInput,
): Promise<TSavedPrompt> {
  if (!(await repo.updatePrompt(deps.db.db, user.id, id, { ...input, updated_at: isoNow(deps.clock) })))
    throw notFound(LIBRARY_DETAIL.promptNotFound);
  return (await repo.findPrompt(deps.db.db, user.id, id))!;
}
