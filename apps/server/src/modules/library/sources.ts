// What the Library lists, one source per kind of thing: each reads the user's own rows through its
// domain's service and says where an item opens and whether it can be deleted. A new kind of
// document joins the Library by adding its source (here or in sources/) to LIBRARY_SOURCES.
import {
  KNAP_CATALOGUE,
  KNAP_GATED_ROUTES,
  type KnapComponentId,
  PDF_PATHS,
  type TParticipant,
} from '@knap/contracts';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import { componentRows, knapNamesOf } from '../knaps/service.js';
import { meetingRowsWith, notesOf, participantsOf } from '../meetings/service.js';
import { deletePdf, listPdfs } from '../pdf/service.js';
import { item, type LibrarySource, SOURCE_LIMIT } from './library-source.js';
import * as repo from './repo.js';
import { clientReviewsSource } from './sources/client-reviews.js';
import { documentsSource } from './sources/documents.js';
import { financialPlansSource } from './sources/financial-plans.js';
import { briefingsSource } from './sources/first-impressions.js';
import { newslettersSource } from './sources/newsletters.js';

const pdfs: LibrarySource = {
  kind: 'pdf',
  list: async (deps, user) =>
    (await listPdfs(deps, user.id)).slice(0, SOURCE_LIMIT).map((p) =>
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
    (await meetingRowsWith(deps, { userId: user.id, what: 'notes', limit: SOURCE_LIMIT })).map((m) => {
      const notes = notesOf(m);
      return item({
        id: m.id,
        kind: 'notes',
        title: m.title || 'Meeting notes',
        client: guestOf(participantsOf(m), user),
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

/**
 * Of a step's stored data the Library reads only the household (the client). Each step's full
 * schema (KNAP_COMPONENT_DATA) is the knaps module's to apply: data older than its schema counts
 * there as not done, and must not take the whole Library down here.
 */
const ZKnapHousehold = z.object({ household: z.unknown().optional() });

const knapOutputs: LibrarySource = {
  kind: 'knap',
  list: async (deps, user) => {
    const owned = await knapNamesOf(deps, user.id);
    const knapOf = new Map<string, (typeof owned)[number]>();
    for (const name of owned)
      for (const step of KNAP_CATALOGUE[name].steps) for (const c of step.components) knapOf.set(c, name);
    const wanted = (Object.keys(KNAP_OUTPUTS) as KnapComponentId[]).filter((c) => knapOf.has(c));
    const rows = await componentRows(deps, user.id, wanted);
    return rows.map((row) => {
      const knap = knapOf.get(row.component_id)!;
      const data = parseStored(ZKnapHousehold, row.data, 'knap_component_data.data');
      return item({
        id: row.component_id,
        kind: 'knap',
        title: KNAP_OUTPUTS[row.component_id as KnapComponentId]!,
        client: typeof data.household === 'string' ? data.household : null,
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
  documentsSource,
];
