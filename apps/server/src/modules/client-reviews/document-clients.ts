// The Client field of the document view (issue 26): the clients the app already knows (the people
// of the user's meetings, the clients of their reviews and the clients their documents are filed
// under), the contacts of the connected CRMs that the document's text names (each CRM searched
// once for each of the few names the text holds), and those of them all the text names
// ("Suggested: Henderson — named on page 1"). Served here because this module knows the clients
// and may read documents, meetings and the CRMs.
import type { TClientSuggestion, TDocumentClientSuggestions } from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { crmContactsNamed } from '../connections/systems/crm-person.js';
import * as documents from '../documents/service.js';
import { meetingRows, participantsOf } from '../meetings/service.js';
import * as repo from './repo.js';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The meetings and reviews read for names: the latest, as the review picker reads them. */
const KNOWN_LIMIT = 500;
/** A surname alone names a client only when it is this long (not "Li", "Ng"…, too often words). */
const SURNAME_MIN = 3;

/** The CRMs are asked about at most this many of the names a document holds, the first ones. */
export const CRM_NAME_SEARCHES = 5;
/** Capitalized words that start statement lines but name no one ("Account Summary", "Total Value"). */
const NOT_NAMES = new Set(
  (
    'account accounts activity allocation annual asset assets balance bank beginning brokerage cash' +
    ' client closing contributions date deposit dividends ending estimated fees fund funds holdings' +
    ' income individual interest investment ira joint market monthly net opening page period' +
    ' portfolio quarterly retirement roth savings securities statement summary tax total trust value' +
    ' dear dr mr mrs ms prepared transfer from to for the'
  ).split(' '),
);
/** Two or three capitalized words in a row: "Ann Henderson", "José de Souza" is missed, on purpose. */
const CAPITALIZED_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}(?![\p{L}\p{N}])/gu;
/** A surname in capitals after the words a statement puts before its owner ("Account holder: SMITH"). */
const CUED_CAPITALS =
  /(?:[Hh]older|[Oo]wner|[Cc]lient|[Pp]repared for|[Nn]ame|[Dd]ear|Mr|Mrs|Ms|Dr)\.?:?\s+(\p{Lu}{3,}(?:\s+\p{Lu}{3,})?)(?![\p{L}\p{N}])/gu;

/** The people the text may name, first named first, for the CRMs to be asked about. */
export function namesInText(passages: Array<{ content: string }>, limit = CRM_NAME_SEARCHES): string[] {
  const names = new Map<string, string>();
  const notName = (word: string) => NOT_NAMES.has(documents.folded(word));
  const add = (run: string, cued: boolean) => {
    const words = run.split(/\s+/);
    // "Dear Mary Okafor", "Total Henderson": the words around a name are not part of it.
    while (words.length && notName(words[0]!)) words.shift();
    while (words.length && notName(words.at(-1)!)) words.pop();
    if (words.length < (cued ? 1 : 2) || words.some(notName)) return;
    const name = words.join(' ');
    const key = documents.folded(name);
    if (!names.has(key)) names.set(key, name);
  };
  for (const { content } of passages) {
    const found = [
      ...[...content.matchAll(CUED_CAPITALS)].map((m) => ({ at: m.index, run: m[1]!, cued: true })),
      ...[...content.matchAll(CAPITALIZED_RUN)].map((m) => ({ at: m.index, run: m[0], cued: false })),
    ].sort((a, b) => a.at - b.at);
    for (const { run, cued } of found) {
      add(run, cued);
      if (names.size >= limit) return [...names.values()];
    }
  }
  return [...names.values()];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The words as a whole (not inside another word), spaces between them as any run of spaces. */
const wordsPattern = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escaped(words).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'u');

/**
 * Every client the user's meetings, reviews and filed documents name, and the connected CRMs'
 * contacts found by `names`, one per name.
 */
async function knownClients(
  deps: AppDeps,
  user: UserRow,
  log: Log,
  names: string[],
): Promise<TClientSuggestion[]> {
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
  for (const c of await crmContactsNamed(deps, log, user.id, names, 'client suggestions'))
    add(c.name, c.email, 'crm');
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
  log: Log,
): Promise<TDocumentClientSuggestions> {
  const doc = await documents.documentText(deps, { userId: user.id, documentId, as: 'client' });
  const clients = await knownClients(deps, user, log, namesInText(doc.passages_text));
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
