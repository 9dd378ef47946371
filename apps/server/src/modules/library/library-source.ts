// The shape of one kind of Library item's source (sources.ts lists them).
import type { LibraryKind, TLibraryItem } from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';

export interface LibrarySource {
  kind: LibraryKind;
  list(deps: AppDeps, user: UserRow): Promise<TLibraryItem[]>;
  /**
   * The user's items of this kind whose text (not only title, client and summary) matches the
   * search `q`, by id, with what changes in them: where it matched, and an open path to that place.
   */
  searchText?(deps: AppDeps, user: UserRow, q: string): Promise<Map<string, Partial<TLibraryItem>>>;
  /** Told which of those matches the answer shows (their text went to the user), by id. */
  matchesShown?(deps: AppDeps, user: UserRow, ids: string[]): Promise<void>;
  /** Deletes one of the user's items of this kind: false when they have none with this id. */
  remove?(deps: AppDeps, user: UserRow, id: string): Promise<boolean>;
}

/** The most items one source lists (newest first). */
export const SOURCE_LIMIT = 500;

export const item = (
  fields: Omit<TLibraryItem, 'client' | 'summary' | 'download_path' | 'deletable'> & Partial<TLibraryItem>,
) =>
  ({ client: null, summary: null, download_path: null, deletable: false, ...fields }) satisfies TLibraryItem;
