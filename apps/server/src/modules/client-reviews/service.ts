// Client reviews (issue 13): an annual or periodic review of one client. Owner only (another user's
// review answers 404). A new review is drafted by the model from the notes of that client's
// meetings in the period, what the connected CRMs know of them and their prior reviews; the advisor
// edits each section, exports a PDF (into the user's PDFs) and emails it through the approval step,
// after which the review is marked sent.
import {
  CLIENT_REVIEW_DETAIL,
  CLIENT_REVIEW_LIMITS,
  CLIENT_REVIEW_SECTIONS,
  emailRecipients,
  type TClientReview,
  type TClientReviewClient,
  type TClientReviewEmail,
  type TClientReviewSections,
  type TClientReviewSend,
  type TClientReviewSources,
  type TClientReviewSummary,
  type TClientReviewUpdate,
  type ZClientReviewCreate,
  ZClientReviewEmail,
  ZClientReviewModelDraft,
  ZClientReviewSections,
  ZClientReviewSources,
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
import { sendEmail } from '../email/service.js';
import { askModel, type Log } from '../knaps/model.js';
import { clientsOf } from '../knaps/outreach.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import { meetingRowsWithPerson } from '../meetings/people.js';
import { notesOf } from '../meetings/service.js';
import type { PdfDocumentSpec } from '../pdf/content.js';
import { generateDocumentPdf } from '../pdf/service.js';
import { DRAFT_PROMPT, type ReviewDraftInput } from './prompts.js';
import * as repo from './repo.js';

const L = CLIENT_REVIEW_LIMITS;

/** The titles of the sections, as the PDF prints them (the screen has the same). */
export const SECTION_TITLES: Record<keyof TClientReviewSections, string> = {
  summary: 'Summary',
  changes: 'Changes since last review',
  goals: 'Goals progress',
  recommendations: 'Recommendations',
  next_steps: 'Next steps',
};

/** What a review looks for in the chosen documents (besides the client's name). */
const REVIEW_QUESTION =
  'balance value allocation holdings contributions withdrawals income performance return goals beneficiary';

const DAY_MS = 86_400_000;
const today = (deps: AppDeps) => deps.clock.now().toISOString().slice(0, 10);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** How reviews of one client are found again: their address, else their name. */
export const clientKeyOf = (name: string, email: string | null) =>
  email ? email.trim().toLowerCase() : `name:${name.trim().replace(/\s+/g, ' ').toLowerCase()}`;

// ---- Reading ----

const sectionsOf = (row: { sections: string }) =>
  parseStored(ZClientReviewSections, row.sections, 'client_reviews.sections');

function toReview(row: repo.ReviewRow): TClientReview {
  const pdf =
    row.pdf_id && row.pdf_filename && row.pdf_created_at
      ? {
          id: row.pdf_id,
          filename: row.pdf_filename,
          size: row.pdf_size ?? 0,
          created_at: row.pdf_created_at,
        }
      : null;
  return {
    id: row.id,
    client_name: row.client_name,
    client_email: row.client_email,
    period_label: row.period_label,
    period_start: row.period_start,
    period_end: row.period_end,
    status: row.status,
    sections: sectionsOf(row),
    email: parseStored(ZClientReviewEmail, row.email, 'client_reviews.email'),
    sources: parseStored(ZClientReviewSources, row.sources, 'client_reviews.sources'),
    pdf,
    pdf_is_current: pdf !== null && pdf.created_at >= row.content_updated_at,
    sent_at: row.sent_at,
    sent_to: row.sent_to,
    delivered_to: row.delivered_to,
    drafted_at: row.drafted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function ownedRow(deps: AppDeps, userId: string, id: string) {
  const row = await repo.findReview(deps.db.db, userId, id);
  if (!row) throw notFound(CLIENT_REVIEW_DETAIL.notFound);
  return row;
}

export async function getReview(deps: AppDeps, userId: string, id: string): Promise<TClientReview> {
  return toReview(await ownedRow(deps, userId, id));
}

export const listReviews = (deps: AppDeps, userId: string): Promise<TClientReviewSummary[]> =>
  repo.listReviews(deps.db.db, userId, L.reviews);

/** The clients to pick from: the user's meetings and CRM (as outreach sees them), and earlier reviews. */
export async function listClients(deps: AppDeps, user: UserRow): Promise<TClientReviewClient[]> {
  const clients = new Map<string, TClientReviewClient>();
  for (const c of await clientsOf(deps, user, today(deps))) {
    clients.set(clientKeyOf(c.name, c.email), {
      name: c.name,
      email: c.email,
      last_meeting: c.last_contact,
      // clientsOf leaves last_contact empty for a contact only the CRM knows, and a birth date
      // comes only from the CRM.
      sources: [
        ...(c.last_contact ? (['meetings'] as const) : []),
        ...(c.last_contact === null || c.birth_date ? (['crm'] as const) : []),
      ],
      last_review: null,
    });
  }
  // Newest period first: the first row seen per client is their latest review.
  for (const r of await repo.reviewedClients(deps.db.db, user.id, L.reviews)) {
    const known = clients.get(r.client_key);
    if (known?.last_review) continue;
    const last_review = { id: r.id, period_label: r.period_label };
    if (known) clients.set(r.client_key, { ...known, sources: [...known.sources, 'reviews'], last_review });
    else
      clients.set(r.client_key, {
        name: r.client_name,
        email: r.client_email,
        last_meeting: null,
        sources: ['reviews'],
        last_review,
      });
  }
  return [...clients.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// ---- Drafting ----

type Client = { name: string; email: string | null };

/** The notes of the client's meetings in the period, newest first. */
async function meetingsOf(deps: AppDeps, user: UserRow, client: Client, start: string, end: string) {
  const rows = await meetingRowsWithPerson(deps, user, client, {
    what: 'notes',
    range: { from: start, until: dayAfter(end) },
    limit: L.meetings,
  });
  return rows.flatMap((m: MeetingRow) => {
    const notes = notesOf(m);
    if (!notes) return [];
    return [
      {
        id: m.id,
        title: m.title?.trim() || 'Untitled meeting',
        date: (m.start_time ?? m.created_at).slice(0, 10),
        notes,
      },
    ];
  });
}

const sameClient = (client: Client) => (c: { name: string; email: string | null }) =>
  client.email
    ? c.email?.toLowerCase() === client.email.toLowerCase()
    : c.name.trim().toLowerCase() === client.name.trim().toLowerCase();

/** The greeting's name: the first word of the client's name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function defaultEmail(client: Client, periodLabel: string, advisor: string): TClientReviewEmail {
  return {
    to: client.email ?? '',
    subject: `Your ${periodLabel}`.slice(0, 300),
    body: [
      `Dear ${firstName(client.name)},`,
      '',
      `Attached is your ${periodLabel}: a summary of the period, what changed, progress on your goals, my recommendations and our next steps.`,
      '',
      'I look forward to talking it through with you. Let me know if you have any questions.',
      '',
      'Best regards,',
      advisor,
    ].join('\n'),
  };
}

/** Creates a review drafted by the model; nothing is stored when the model fails. */
export async function createReview(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  body: z.output<typeof ZClientReviewCreate>,
): Promise<TClientReview> {
  if ((await repo.countReviews(deps.db.db, user.id)) >= L.reviews)
    throw new HttpError(422, CLIENT_REVIEW_DETAIL.tooMany);
  const client: Client = { name: body.client_name, email: body.client_email?.toLowerCase() ?? null };
  const clientKey = clientKeyOf(client.name, client.email);
  // Another user's document is 404 before anything is asked or stored.
  const chosen = await documents.attachableDocuments(deps, {
    userId: user.id,
    documentIds: body.document_ids,
  });
  const found = chosen.length
    ? await documents.passagesForQuestion(deps, {
        userId: user.id,
        documentIds: body.document_ids,
        question: `${client.name} ${REVIEW_QUESTION}`,
      })
    : { passages: [] };

  const [meetings, crmRecords, prior] = await Promise.all([
    meetingsOf(deps, user, client, body.period_start, body.period_end),
    crmRecordsOf(
      deps,
      log,
      user.id,
      { name: client.name, email: client.email, matches: sameClient(client) },
      'client review',
    ),
    repo.reviewsOfClient(deps.db.db, user.id, clientKey, L.priorReviews),
  ]);
  const advisor = user.name || user.email;
  const input: ReviewDraftInput = {
    advisor,
    client,
    period: { label: body.period_label, start: body.period_start, end: body.period_end },
    meetings: meetings.map((m) => ({
      title: m.title,
      date: m.date,
      summary: m.notes.summary,
      decisions: m.notes.decisions,
      action_items: m.notes.action_items,
      client_facts: m.notes.client_facts,
    })),
    crm: crmRecords,
    documents: found.passages.map((p) => ({ cite: documents.passageCitation(p), content: p.content })),
    prior_reviews: prior.map((r) => ({
      period_label: r.period_label,
      period_end: r.period_end,
      // A prior section is context, not the whole of it: long ones are cut.
      sections: Object.fromEntries(
        Object.entries(sectionsOf(r)).map(([k, v]) => [k, v.slice(0, 4000)]),
      ) as TClientReviewSections,
    })),
  };
  const sections = await askModel(
    deps,
    log,
    { meter: modelMeter(user.id, 'client review draft'), prompt: DRAFT_PROMPT, input },
    ZClientReviewModelDraft,
  );

  const now = deps.clock.now().toISOString();
  const sources: TClientReviewSources = {
    meetings: meetings.map((m) => ({ id: m.id, title: m.title, date: m.date })),
    crm: crmRecords.map((r) => r.source),
    prior_reviews: prior.map((r) => ({ id: r.id, period_label: r.period_label })),
    documents: chosen,
  };
  const id = newId();
  await repo.insertReview(deps.db.db, {
    id,
    user_id: user.id,
    client_key: clientKey,
    client_name: client.name,
    client_email: client.email,
    period_label: body.period_label,
    period_start: body.period_start,
    period_end: body.period_end,
    status: 'draft',
    sections: JSON.stringify(sections),
    email: JSON.stringify(defaultEmail(client, body.period_label, advisor)),
    sources: JSON.stringify(sources),
    pdf_id: null,
    sent_at: null,
    sent_to: null,
    delivered_to: null,
    drafted_at: now,
    content_updated_at: now,
    created_at: now,
    updated_at: now,
  });
  await documents.recordPassageReads(deps, {
    userId: user.id,
    passages: found.passages,
    as: 'client review',
    details: { review_id: id },
  });
  return getReview(deps, user.id, id);
}

// ---- Editing, exporting, sending ----

/** Saves the whole draft; a change to the sections or period makes an exported PDF out of date. */
export async function updateReview(
  deps: AppDeps,
  userId: string,
  id: string,
  body: TClientReviewUpdate,
): Promise<TClientReview> {
  const row = await ownedRow(deps, userId, id);
  const now = deps.clock.now().toISOString();
  const stored = sectionsOf(row);
  const contentChanged =
    body.period_label !== row.period_label ||
    CLIENT_REVIEW_SECTIONS.some((k) => body.sections[k] !== stored[k]);
  await repo.updateReview(deps.db.db, userId, id, {
    period_label: body.period_label,
    sections: JSON.stringify(body.sections),
    email: JSON.stringify(body.email),
    ...(contentChanged ? { content_updated_at: now } : {}),
    updated_at: now,
  });
  return getReview(deps, userId, id);
}

export async function deleteReview(deps: AppDeps, userId: string, id: string) {
  await refuseIfHeld(deps, userId, 'client reviews');
  if (!(await repo.deleteReview(deps.db.db, userId, id))) throw notFound(CLIENT_REVIEW_DETAIL.notFound);
  return { success: true };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The review as a document: who and when, then each written section. */
export function reviewDocument(review: TClientReview): PdfDocumentSpec {
  const slug = slugOf(review.client_name);
  const written = CLIENT_REVIEW_SECTIONS.filter((k) => review.sections[k].trim() !== '');
  return {
    title: `Client review — ${review.client_name}`,
    subtitle: review.period_label,
    filename: slug ? `client_review_${slug}.pdf` : 'client_review.pdf',
    blocks: [
      {
        kind: 'table',
        columns: ['Client', 'Period'],
        rows: [
          [
            review.client_email ? `${review.client_name} (${review.client_email})` : review.client_name,
            `${review.period_start} to ${review.period_end}`,
          ],
        ],
      },
      ...(written.length === 0
        ? [{ kind: 'markdown' as const, text: 'Nothing has been written in this review yet.' }]
        : written.flatMap((k) => [
            { kind: 'heading' as const, text: SECTION_TITLES[k] },
            { kind: 'markdown' as const, text: review.sections[k].trim() },
          ])),
    ],
  };
}

/** Makes the PDF from the saved review into the user's PDFs; the review keeps it as its current PDF. */
export async function exportReviewPdf(deps: AppDeps, user: UserRow, id: string): Promise<TClientReview> {
  const review = await getReview(deps, user.id, id);
  const pdf = await generateDocumentPdf(deps, user, reviewDocument(review));
  // updated_at stays: making a PDF is not an edit.
  if (!(await repo.updateReview(deps.db.db, user.id, id, { pdf_id: pdf.id })))
    throw notFound(CLIENT_REVIEW_DETAIL.notFound);
  return getReview(deps, user.id, id);
}

/**
 * Records that the approved email with the review's PDF went out (the email endpoint sent it and
 * held it for the organization's review when that applies); the review is then sent.
 */
/**
 * Sends the approved email with the review's current PDF attached — through `email/service.ts`, so
 * supervision holds it for review where the organization asks, and the audit trail has it — then
 * marks the review sent with where it went. A PDF made before the last change answers 409.
 */
export async function sendReview(
  deps: AppDeps,
  userId: string,
  id: string,
  body: TClientReviewSend,
): Promise<TClientReview> {
  const row = await ownedRow(deps, userId, id);
  if (!row.pdf_id || row.pdf_id !== body.pdf_id || !row.pdf_created_at)
    throw new HttpError(409, CLIENT_REVIEW_DETAIL.pdfNotCurrent);
  const { pdf_id, ...email } = body;
  const sent = await sendEmail(deps, userId, { fields: { ...email, pdf_id }, file: null });
  const now = deps.clock.now().toISOString();
  await repo.updateReview(deps.db.db, userId, id, {
    status: 'sent',
    sent_at: now,
    sent_to: emailRecipients(email.to).join(', '),
    delivered_to: sent.delivered_to,
    updated_at: now,
  });
  return getReview(deps, userId, id);
}
