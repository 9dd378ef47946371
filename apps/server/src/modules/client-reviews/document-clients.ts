// The Client field of the document view (issue 26): the clients the app already knows, from what is
// stored here only (the people of the user's meetings, the clients of their reviews, among them
// those picked from the CRM, and the clients their documents are filed under; no CRM is called),
// and those of them the document's text names ("Suggested: Henderson — named on page 1"). Served
// here because this module knows the clients and may read documents and meetings.
import type { TClientSuggestion, TDocumentClientSuggestions } from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import * as documents from '../documents/service.js';
import { meetingRows, participantsOf } from '../meetings/service.js';
import * as repo from './repo.js';

/** The meetings and reviews read for names: the latest, as the review picker reads them. */
const KNOWN_LIMIT = 500;
/** A surname alone names a client only when it is this long (not "Li", "Ng"…, too often words). */
const SURNAME_MIN = 3;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The words as a whole (not inside another word), spaces between them as any run of spaces. */
const wordsPattern = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escaped(words).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'u');

/** Every client the user's meetings, reviews and filed documents name, one per name. */
async function knownClients(deps: AppDeps, user: UserRow): Promise<TClientSuggestion[]> {
  const clients = new Map<string, TClientSuggestion>();
  const add = (name: string, email: string | null, source: TClientSuggestion['sources'][number]) => {
    const trimmed = name.trim().slice(0, 200);
    if (!trimmed || trimmed.includes('@')) return;
    const key = documents.folded(trimmed);
    const known = clients.get(key);
    if (!known) return clients.set(key, { name: trimmed, email, sources: [source] });
    known.email ??= email;
    if (!known.sources.includes(source)) known.sources.push(source);
  };
  const self = user.email.toLowerCase();
  for (const m of await meetingRows(deps, user.id, { limit: KNOWN_LIMIT, offset: 0 }))
    for (const p of participantsOf(m)) if (p.email.toLowerCase() !== self) add(p.name, p.email, 'meetings');
  for (const r of await repo.reviewedClients(deps.db.db, user.id, KNOWN_LIMIT))
    add(r.client_name, r.client_email, 'reviews');
  for (const d of await documents.listDocuments(deps, user.id))
    if (d.client) add(d.client, null, 'documents');
  return [...clients.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The known clients, and those the document's text names: by the full name, or by the surname
 * alone when no passage has the full name, the earliest passage first. 404 when the document is not
 * the user's; reading its text is a `document.read` (as `client`).
 */
export async function documentClientSuggestions(
  deps: AppDeps,
  user: UserRow,
  documentId: string,
): Promise<TDocumentClientSuggestions> {
  const doc = await documents.documentText(deps, { userId: user.id, documentId, as: 'client' });
  const clients = await knownClients(deps, user);
  const passages = doc.passages_text.map((p) => ({ ...p, text: documents.folded(p.content) }));
  const named: TDocumentClientSuggestions['named'] = [];
  for (const client of clients) {
    const words = client.name.split(/\s+/);
    const surname = words.at(-1)!;
    const tries = [client.name, ...(words.length > 1 && surname.length >= SURNAME_MIN ? [surname] : [])];
    for (const matched of tries) {
      const pattern = wordsPattern(documents.folded(matched));
      const at = passages.find((p) => pattern.test(p.text));
      if (!at) continue;
      named.push({ ...client, matched, location: at.location, seq: at.seq });
      break;
    }
  }
  // The earliest named first; at the same passage, a full name before a surname alone.
  named.sort((a, b) => a.seq - b.seq || Number(a.matched !== a.name) - Number(b.matched !== b.name));
  return { named, clients };
}
