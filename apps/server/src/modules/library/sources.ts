// What the Library lists, one source per kind of thing: each reads the user's own rows through its
// domain's repo and says where an item opens and whether it can be deleted. A new kind of document
// joins the Library by adding its source to LIBRARY_SOURCES.
import {
  KNAP_CATALOGUE,
  KNAP_GATED_ROUTES,
  type KnapComponentId,
  type LibraryKind,
  PDF_PATHS,
  type TLibraryItem,
  type TMeetingNotesContent,
  type TParticipant,
} from '@knap/contracts';
import type { AppDeps } from '../../app.js';
import type { UserRow } from '../../platform/db/schema.js';
import { clientReviewsSource } from '../client-reviews/library-source.js';
import { financialPlansSource } from '../financial-plans/library-source.js';
import { briefingsSource } from '../first-impressions/library-source.js';
import * as knapsRepo from '../knaps/repo.js';
import { knapNamesOf } from '../knaps/service.js';
import * as meetingsRepo from '../meetings/repo.js';
import { parseJson } from '../meetings/service.js';
import { newslettersSource } from '../newsletters/library-source.js';
import * as pdfRepo from '../pdf/repo.js';
import { deletePdf } from '../pdf/service.js';
import * as repo from './repo.js';

export interface LibrarySource {
  kind: LibraryKind;
  list(deps: AppDeps, user: UserRow): Promise<TLibraryItem[]>;
  /** Deletes one of the user's items of this kind: false when they have none with this id. */
  remove?(deps: AppDeps, user: UserRow, id: string): Promise<boolean>;
}

/** The most items one source lists (newest first). */
export const SOURCE_LIMIT = 500;

const item = (
  fields: Omit<TLibraryItem, 'client' | 'summary' | 'download_path' | 'deletable'> & Partial<TLibraryItem>,
) =>
  ({ client: null, summary: null, download_path: null, deletable: false, ...fields }) satisfies TLibraryItem;

const pdfs: LibrarySource = {
  kind: 'pdf',
  list: async (deps, user) =>
    (await pdfRepo.listPdfs(deps.db.db, user.id)).slice(0, SOURCE_LIMIT).map((p) =>
      item({
        id: p.id,
        kind: 'pdf',
        title: p.filename,
        summary: `${Math.max(1, Math.round(p.size / 1024))} KB`,
        created_at: p.created_at,
        updated_at: p.created_at,
        open_path: null,
        download_path: PDF_PATHS.pdf(p.id),
        deletable: true,
      }),
    ),
  remove: async (deps, user, id) => {
    await deletePdf(deps, user.id, id);
    return true;
  },
};

/** The meeting's first guest other than the user: the client it was with, as far as we can tell. */
function guestOf(participants: TParticipant[], user: UserRow): string | null {
  const guest = participants.find((p) => p.email?.toLowerCase() !== user.email.toLowerCase());
  return guest ? guest.name || guest.email || null : null;
}

const meetingNotes: LibrarySource = {
  kind: 'notes',
  list: async (deps, user) =>
    (await meetingsRepo.meetingsWith(deps.db.db, user.id, 'notes', {}, SOURCE_LIMIT)).map((m) => {
      const notes = parseJson<TMeetingNotesContent | null>(m.notes, null);
      return item({
        id: m.id,
        kind: 'notes',
        title: m.title || 'Meeting notes',
        client: guestOf(parseJson<TParticipant[]>(m.participants, []), user),
        summary: notes?.summary.slice(0, 300) ?? null,
        created_at: m.start_time ?? m.created_at,
        updated_at: m.updated_at,
        open_path: `/notetaker?meeting_id=${encodeURIComponent(m.id)}`,
      });
    }),
};

/** The knap steps whose data is a finished piece of work, by the name the Library gives it. */
const KNAP_OUTPUTS: Partial<Record<KnapComponentId, string>> = {
  'client-profile': 'Client profile',
  'action-plan': 'Action plan',
  'portfolio-recommendation': 'Portfolio recommendation',
  'send-email': 'Client email and roadmap',
  'meeting-table': 'Meeting coaching',
  'preview-edit': 'Prospecting emails',
  'ai-recommendations-outreach': 'Outreach messages',
};
const ROUTE_OF_KNAP = Object.fromEntries(
  Object.entries(KNAP_GATED_ROUTES).map(([path, knap]) => [knap, `/${path}`]),
) as Record<string, string>;

const knapOutputs: LibrarySource = {
  kind: 'knap',
  list: async (deps, user) => {
    const owned = await knapNamesOf(deps, user.id);
    const knapOf = new Map<string, (typeof owned)[number]>();
    for (const name of owned)
      for (const step of KNAP_CATALOGUE[name].steps) for (const c of step.components) knapOf.set(c, name);
    const wanted = (Object.keys(KNAP_OUTPUTS) as KnapComponentId[]).filter((c) => knapOf.has(c));
    const rows = await knapsRepo.readComponents(deps.db.db, user.id, wanted);
    return rows.map((row) => {
      const knap = knapOf.get(row.component_id)!;
      const data = parseJson<{ household?: unknown } | null>(row.data, null);
      return item({
        id: row.component_id,
        kind: 'knap',
        title: KNAP_OUTPUTS[row.component_id as KnapComponentId]!,
        client: typeof data?.household === 'string' ? data.household : null,
        summary: KNAP_CATALOGUE[knap].tag,
        created_at: row.updated_at,
        updated_at: row.updated_at,
        open_path: ROUTE_OF_KNAP[knap] ?? null,
      });
    });
  },
};

const prompts: LibrarySource = {
  kind: 'prompt',
  list: async (deps, user) =>
    (await repo.listPrompts(deps.db.db, user.id)).map((p) =>
      item({
        id: p.id,
        kind: 'prompt',
        title: p.title,
        summary: p.text.slice(0, 300),
        created_at: p.created_at,
        updated_at: p.updated_at,
        open_path: null,
        deletable: true,
      }),
    ),
  remove: (deps, user, id) => repo.deletePrompt(deps.db.db, user.id, id),
};

export const LIBRARY_SOURCES: LibrarySource[] = [
  pdfs,
  meetingNotes,
  knapOutputs,
  prompts,
  clientReviewsSource,
  financialPlansSource,
  newslettersSource,
  briefingsSource,
];
