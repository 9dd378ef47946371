// First impressions: a briefing before a first meeting with a prospect. Owner only (another user's
// briefing answers 404). The server gathers what the user's systems know of the person — meetings
// (past and upcoming) with them, those meetings' notes, matching contacts in the connected CRMs,
// passages of the client documents the advisor chose (cited) — and the model drafts the briefing and 5 to 8 discovery questions from it; the advisor edits both,
// regenerates them, exports a PDF (into the user's PDFs) and deletes the briefing.
import {
  FIRST_IMPRESSION_DETAIL,
  FIRST_IMPRESSION_LIMITS,
  type TAttachedDocument,
  type TBriefing,
  type TBriefingSources,
  type TBriefingSummary,
  type TBriefingUpdate,
  type TPdfInfo,
  ZBriefing,
  type ZBriefingCreate,
  ZBriefingModelDraft,
  ZBriefingSources,
} from '@knap/contracts';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.js';
import type { MeetingRow, UserRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { crmRecordsOf } from '../connections/systems/crm-person.js';
import { modelMeter } from '../credits/service.js';
import * as documents from '../documents/service.js';
import { askModel, type Log } from '../knaps/model.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import { meetingRowsWithPerson, normalName } from '../meetings/people.js';
import { notesOf, participantsOf } from '../meetings/service.js';
import type { PdfDocumentSpec } from '../pdf/content.js';
import { generateDocumentPdf } from '../pdf/service.js';
import { type BriefingDraftInput, DRAFT_PROMPT } from './prompts.js';
import * as repo from './repo.js';

const L = FIRST_IMPRESSION_LIMITS;

type Prospect = { name: string | null; email: string | null; company: string | null };

// ---- Reading ----

const sourcesOf = (text: string) => parseStored(ZBriefingSources, text, 'briefings.sources');

function toBriefing(row: repo.BriefingRow): TBriefing {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    briefing: row.briefing,
    questions: parseStored(ZBriefing.shape.questions, row.questions, 'briefings.questions'),
    sources: sourcesOf(row.sources),
    drafted_at: row.drafted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function ownedRow(deps: AppDeps, userId: string, id: string) {
  const row = await repo.findBriefing(deps.db.db, userId, id);
  if (!row) throw notFound(FIRST_IMPRESSION_DETAIL.notFound);
  return row;
}

export async function getBriefing(deps: AppDeps, userId: string, id: string): Promise<TBriefing> {
  return toBriefing(await ownedRow(deps, userId, id));
}

export async function listBriefings(deps: AppDeps, userId: string): Promise<TBriefingSummary[]> {
  return (await repo.listBriefings(deps.db.db, userId, L.briefings)).map(({ sources, ...row }) => {
    const found = sourcesOf(sources);
    return { ...row, source_count: found.meetings.length + found.crm.length + found.documents.length };
  });
}

// ---- Gathering ----

/** The prospect's meetings, newest first: the one person search every screen uses. */
const meetingsOf = (deps: AppDeps, user: UserRow, prospect: Prospect): Promise<MeetingRow[]> =>
  meetingRowsWithPerson(deps, user, prospect, { limit: L.meetings });

/**
 * Whether a CRM contact is the prospect: by address when both have one, else by name.
 */
function isProspect(prospect: Prospect) {
  const email = prospect.email;
  const name = prospect.name ? normalName(prospect.name) : null;
  return (c: { name: string; email: string | null }) =>
    email && c.email ? c.email.toLowerCase() === email : name !== null && normalName(c.name) === name;
}

/** What a briefing looks for in the chosen documents (besides the prospect's name and company). */
const BRIEFING_QUESTION =
  'balance value accounts holdings allocation income salary retirement goals family risk employer';

/**
 * Gathers what is known of the prospect and has the model draft the briefing and questions; the
 * chosen documents' passages are searched for the prospect and cited (`passages`, to record).
 */
async function draftFor(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  prospect: Prospect,
  chosen: TAttachedDocument[],
) {
  const now = deps.clock.now().toISOString();
  const found = chosen.length
    ? await documents.passagesForQuestion(deps, {
        userId: user.id,
        documentIds: chosen.map((d) => d.id),
        question: [prospect.name, prospect.company, BRIEFING_QUESTION].filter(Boolean).join(' '),
      })
    : { passages: [] };
  const meetings = await meetingsOf(deps, user, prospect);
  const guests = meetings.map((m) =>
    participantsOf(m).filter((p) => (p.email ?? '').toLowerCase() !== user.email.toLowerCase()),
  );
  // CRMs are searched by name: the one entered, else the one a meeting gives the address, else the
  // address's first word.
  const searchName =
    prospect.name ??
    guests.flat().find((p) => p.name && p.email.toLowerCase() === prospect.email)?.name ??
    prospect.email?.split('@')[0]?.split(/[^a-z]+/i)[0] ??
    null;
  const crmRecords = await crmRecordsOf(
    deps,
    log,
    user.id,
    {
      name: searchName || null,
      email: prospect.email,
      matches: isProspect(prospect),
      company: prospect.company,
    },
    'first impressions',
  );
  const facts = meetings.map((m, i) => {
    const notes = m.notes_status === 'ready' ? notesOf(m) : null;
    return {
      id: m.id,
      title: m.title?.trim() || 'Untitled meeting',
      date: (m.start_time ?? m.created_at).slice(0, 10),
      upcoming: m.start_time !== null && m.start_time > now,
      participants: guests[i]!.map((p) => p.name || p.email),
      notes: notes && {
        summary: notes.summary.slice(0, 4000),
        decisions: notes.decisions,
        action_items: notes.action_items,
        client_facts: notes.client_facts,
      },
    };
  });
  const input: BriefingDraftInput = {
    advisor: user.name || user.email,
    today: now.slice(0, 10),
    prospect,
    meetings: facts.map(({ id: _id, ...m }) => m),
    crm: crmRecords,
    documents: found.passages.map((p) => ({ cite: documents.passageCitation(p), content: p.content })),
  };
  const draft = await askModel(
    deps,
    log,
    { meter: modelMeter(user.id, 'briefing draft'), prompt: DRAFT_PROMPT, input },
    ZBriefingModelDraft,
  );
  const sources: TBriefingSources = {
    meetings: facts.map((m) => ({
      id: m.id,
      title: m.title,
      date: m.date,
      upcoming: m.upcoming,
      has_notes: m.notes !== null,
    })),
    crm: crmRecords.map((r) => ({
      crm: r.source,
      name: r.name,
      email: r.email,
      company: r.company ?? null,
    })),
    documents: chosen,
  };
  return { ...draft, sources, drafted_at: now, passages: found.passages };
}

/** Records that the briefing read the documents' passages (one `document.read` per document). */
const recordReads = (deps: AppDeps, userId: string, briefingId: string, passages: documents.FoundPassage[]) =>
  documents.recordPassageReads(deps, {
    userId,
    passages,
    as: 'first impressions',
    details: { briefing_id: briefingId },
  });

/** Creates a briefing drafted by the model; nothing is stored when the model fails. */
export async function createBriefing(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  body: z.output<typeof ZBriefingCreate>,
): Promise<TBriefing> {
  if ((await repo.countBriefings(deps.db.db, user.id)) >= L.briefings)
    throw new HttpError(422, FIRST_IMPRESSION_DETAIL.tooMany);
  const prospect: Prospect = {
    name: body.name?.replace(/\s+/g, ' ') ?? null,
    email: body.email?.toLowerCase() ?? null,
    company: body.company,
  };
  // Another user's document is 404 before anything is asked or stored.
  const chosen = await documents.attachableDocuments(deps, {
    userId: user.id,
    documentIds: body.document_ids,
  });
  const draft = await draftFor(deps, log, user, prospect, chosen);
  const id = newId();
  await repo.insertBriefing(deps.db.db, {
    id,
    user_id: user.id,
    ...prospect,
    briefing: draft.briefing,
    questions: JSON.stringify(draft.questions),
    sources: JSON.stringify(draft.sources),
    drafted_at: draft.drafted_at,
    created_at: draft.drafted_at,
    updated_at: draft.drafted_at,
  });
  await recordReads(deps, user.id, id, draft.passages);
  return getBriefing(deps, user.id, id);
}

/** Gathers again and has the model draft anew: the briefing, questions and sources are replaced. */
export async function regenerateBriefing(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  id: string,
): Promise<TBriefing> {
  const row = await ownedRow(deps, user.id, id);
  // The documents chosen at first that are still the user's (one deleted since is left out).
  const chosen = await documents.ownedDocumentsAmong(deps, {
    userId: user.id,
    documentIds: sourcesOf(row.sources).documents.map((d) => d.id),
  });
  const prospect = { name: row.name, email: row.email, company: row.company };
  const draft = await draftFor(deps, log, user, prospect, chosen);
  const saved = await repo.updateBriefing(deps.db.db, user.id, id, {
    briefing: draft.briefing,
    questions: JSON.stringify(draft.questions),
    sources: JSON.stringify(draft.sources),
    drafted_at: draft.drafted_at,
    updated_at: draft.drafted_at,
  });
  // Deleted while the model was writing.
  if (!saved) throw notFound(FIRST_IMPRESSION_DETAIL.notFound);
  await recordReads(deps, user.id, id, draft.passages);
  return getBriefing(deps, user.id, id);
}

// ---- Editing, exporting, deleting ----

/** Saves the whole draft: the briefing text and the questions. */
export async function updateBriefing(
  deps: AppDeps,
  userId: string,
  id: string,
  body: TBriefingUpdate,
): Promise<TBriefing> {
  const saved = await repo.updateBriefing(deps.db.db, userId, id, {
    briefing: body.briefing,
    questions: JSON.stringify(body.questions),
    updated_at: deps.clock.now().toISOString(),
  });
  if (!saved) throw notFound(FIRST_IMPRESSION_DETAIL.notFound);
  return getBriefing(deps, userId, id);
}

export async function deleteBriefing(deps: AppDeps, userId: string, id: string) {
  await ownedRow(deps, userId, id);
  await refuseIfHeld(deps, userId, 'briefings');
  if (!(await repo.deleteBriefing(deps.db.db, userId, id))) throw notFound(FIRST_IMPRESSION_DETAIL.notFound);
  return { success: true };
}

/** Who the briefing is for, as titles show it: their name, else their address. */
export const briefingTitleOf = (b: { name: string | null; email: string | null }) =>
  b.name || b.email || 'Prospect';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const CRM_NAMES: Record<string, string> = {
  wealthbox: 'Wealthbox',
  salesforce: 'Salesforce',
  zoho: 'Zoho CRM',
  copper: 'Copper',
};

/** The briefing as a document: who, the sources found, the briefing, then the questions numbered. */
export function briefingDocument(b: TBriefing): PdfDocumentSpec {
  const title = briefingTitleOf(b);
  const slug = slugOf(title);
  const questions = b.questions.map((q) => q.trim()).filter(Boolean);
  const sourceRows = [
    ...b.sources.meetings.map((m) => [
      m.upcoming ? 'Upcoming meeting' : 'Meeting',
      m.title,
      `${m.date}${m.upcoming ? '' : m.has_notes ? ', with notes' : ', no notes'}`,
    ]),
    ...b.sources.crm.map((c) => [
      CRM_NAMES[c.crm] ?? c.crm,
      c.name,
      [c.email, c.company].filter(Boolean).join(', ') || '—',
    ]),
    ...b.sources.documents.map((d) => ['Document', d.filename, d.kind.toUpperCase()]),
  ];
  return {
    title: `Briefing — ${title}`,
    subtitle: 'First meeting',
    filename: slug ? `briefing_${slug}.pdf` : 'briefing.pdf',
    blocks: [
      {
        kind: 'table',
        columns: ['Name', 'Email', 'Company'],
        rows: [[b.name ?? '—', b.email ?? '—', b.company ?? '—']],
      },
      { kind: 'heading', text: 'Sources found' },
      sourceRows.length
        ? { kind: 'table', columns: ['Source', 'Record', 'Details'], rows: sourceRows }
        : { kind: 'markdown', text: 'Nothing was found in your meetings or connected CRMs.' },
      { kind: 'heading', text: 'Briefing' },
      { kind: 'markdown', text: b.briefing.trim() || 'The briefing is empty.' },
      { kind: 'heading', text: 'Questions' },
      {
        kind: 'markdown',
        text: questions.length ? questions.map((q, i) => `${i + 1}. ${q}`).join('\n') : 'No questions yet.',
      },
    ],
  };
}

/** Makes the PDF from the saved briefing into the user's PDFs (the PDF service records it in the audit trail). */
export async function exportBriefingPdf(deps: AppDeps, user: UserRow, id: string): Promise<TPdfInfo> {
  return generateDocumentPdf(deps, user, briefingDocument(await getBriefing(deps, user.id, id)));
}
