// Newsletters (issue 13): a user's client newsletters. Owner only (another user's newsletter answers
// 404). The model drafts the sections; the server puts them into the template (greeting with each
// recipient's first name, the advisor's own figures and firm news as written, sign-off, disclaimer)
// and the advisor edits the result. Sending goes through the studio's email service one recipient
// at a time, so each client gets their own email and the organization's review applies to each; the
// emails go out in the background job of deliveries.ts, not inside the request.
import {
  FIRST_NAME_PLACEHOLDER,
  NEWSLETTER_DETAIL,
  NEWSLETTER_LIMITS,
  NEWSLETTER_SEGMENT_LABELS,
  NEWSLETTER_SEGMENTS,
  NEWSLETTER_WORDS_PER_TOPIC,
  type NewsletterKind,
  OUTREACH_NO_CONTACT_DAYS,
  personalize,
  type TNewsletter,
  type TNewsletterAudience,
  type TNewsletterClient,
  type TNewsletterQuarterlyDraft,
  type TNewsletterSend,
  type TNewsletterSendProgress,
  type TNewsletterSettings,
  type TNewsletterSummary,
  type TNewsletterTopicsDraft,
  type TNewsletterUpdate,
  type TPdfInfo,
  type TQuarterlySettings,
  ZNewsletterQuarterlyDraft,
  ZNewsletterSendReport,
  ZNewsletterSettings,
  ZNewsletterTopicsDraft,
} from '@knap/contracts';
import { newId } from '../../platform/crypto.js';
import type { NewslettersTable, UserRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { modelMeter, requireModelBudget } from '../credits/service.js';
import { askModel, type Log } from '../knaps/model.js';
import { clientsOf } from '../knaps/outreach.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import { generateDocumentPdf } from '../pdf/service.js';
import { type PendingSend, progressOf, type SendLog, startSending } from './deliveries.js';
import { QUARTERLY_PROMPT, type QuarterlyTaskInput, TOPICS_PROMPT, type TopicsTaskInput } from './prompts.js';
import * as repo from './repo.js';

export const DISCLAIMER =
  'This newsletter is for general information only. It is not investment, tax or legal advice; please talk with us about your own situation.';

/** The most figure lines the quarterly edition takes from the advisor. */
const MAX_FIGURES = 20;
const DAY_MS = 86_400_000;

type NewsletterRow = NewslettersTable;

const todayOf = (deps: AppDeps) => deps.clock.now().toISOString().slice(0, 10);

const settingsOf = (row: Pick<NewsletterRow, 'settings'>) =>
  parseStored(ZNewsletterSettings, row.settings, 'newsletters.settings');

function toNewsletter(row: NewsletterRow, sending: TNewsletterSendProgress | null = null): TNewsletter {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    settings: settingsOf(row),
    status: row.status,
    drafted_at: row.drafted_at,
    sent_at: row.sent_at,
    last_send: parseStored(ZNewsletterSendReport, row.last_send, 'newsletters.last_send'),
    sending,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a newsletter is about, as the list shows it. */
export const labelOf = (settings: TNewsletterSettings) =>
  settings.kind === 'topics' ? settings.topics.join(', ') : `${settings.quarter} market commentary`;

/** The advisor's figures, one per non-empty line. */
export const figureLines = (figures: string) =>
  figures
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean)
    .slice(0, MAX_FIGURES);

const signOff = (advisor: string) => (advisor.trim() ? `Best regards,\n\n${advisor.trim()}` : 'Best regards');

/** The topics newsletter as Markdown: greeting, intro, a section per topic, closing, sign-off. */
export function topicsBody(draft: TNewsletterTopicsDraft, advisor: string): string {
  return [
    `Hi ${FIRST_NAME_PLACEHOLDER},`,
    draft.intro,
    ...draft.sections.map((s) => `## ${s.heading}\n\n${s.body}`),
    draft.closing,
    signOff(advisor),
    DISCLAIMER,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

/** The quarterly edition as Markdown, in QUARTERLY_SECTIONS order; firm news only when written. */
export function quarterlyBody(
  draft: TNewsletterQuarterlyDraft,
  settings: TQuarterlySettings,
  advisor: string,
): string {
  const figures = figureLines(settings.figures);
  const recap = figures.length
    ? `${draft.market_recap}\n\nKey figures for ${settings.quarter}:\n\n${figures.map((f) => `- ${f}`).join('\n')}`
    : draft.market_recap;
  return [
    `Hi ${FIRST_NAME_PLACEHOLDER},`,
    `Here is our commentary on ${settings.quarter}.`,
    `## Market recap\n\n${recap}`,
    `## Outlook\n\n${draft.outlook}`,
    `## Planning tip of the quarter\n\n${draft.planning_tip}`,
    settings.firm_news ? `## Firm news\n\n${settings.firm_news}` : '',
    signOff(advisor),
    DISCLAIMER,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

/** The model's draft as a subject and a body. */
async function draftOf(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  settings: TNewsletterSettings,
): Promise<{ subject: string; body: string }> {
  const advisor = user.name || user.email;
  if (settings.kind === 'topics') {
    const input: TopicsTaskInput = {
      advisor,
      today: todayOf(deps),
      topics: settings.topics,
      tone: settings.tone,
      length: settings.length,
      words_per_topic: NEWSLETTER_WORDS_PER_TOPIC[settings.length],
      note: settings.note,
    };
    const draft = await askModel(
      deps,
      log,
      { meter: modelMeter(user.id, 'newsletter draft'), prompt: TOPICS_PROMPT, input },
      ZNewsletterTopicsDraft,
    );
    return { subject: draft.subject, body: topicsBody(draft, advisor) };
  }
  const input: QuarterlyTaskInput = {
    advisor,
    quarter: settings.quarter,
    figures: figureLines(settings.figures),
    tip_topic: settings.tip_topic,
  };
  const draft = await askModel(
    deps,
    log,
    { meter: modelMeter(user.id, 'newsletter draft'), prompt: QUARTERLY_PROMPT, input },
    ZNewsletterQuarterlyDraft,
  );
  return { subject: draft.subject, body: quarterlyBody(draft, settings, advisor) };
}

/** The model's body may not fit the editor's limit; the end goes rather than the save failing. */
const fitBody = (body: string) => body.slice(0, NEWSLETTER_LIMITS.body);
const fitSubject = (subject: string) => subject.replace(/[\r\n]+/g, ' ').trim();

async function ownedRow(deps: AppDeps, userId: string, id: string): Promise<NewsletterRow> {
  const row = await repo.findNewsletter(deps.db.db, userId, id);
  if (!row) throw notFound(NEWSLETTER_DETAIL.notFound);
  return row;
}

export async function listNewsletters(
  deps: AppDeps,
  userId: string,
  kind: NewsletterKind | undefined,
): Promise<TNewsletterSummary[]> {
  const rows = await repo.listNewsletters(deps.db.db, userId, kind ?? null, NEWSLETTER_LIMITS.newsletters);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    label: labelOf(settingsOf(row)),
    status: row.status,
    sent_at: row.sent_at,
    sent_count: row.sent_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

/** The newsletter with its send's progress, when one is under way. */
async function answerOf(deps: AppDeps, row: NewsletterRow): Promise<TNewsletter> {
  return toNewsletter(row, await progressOf(deps, row));
}

export async function getNewsletter(deps: AppDeps, userId: string, id: string): Promise<TNewsletter> {
  return answerOf(deps, await ownedRow(deps, userId, id));
}

/**
 * A new newsletter from its settings, drafted by the model. The settings are kept even when the
 * model fails: the answer then carries `draft_error`, and drafting again is one click.
 */
export async function createNewsletter(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  settings: TNewsletterSettings,
): Promise<TNewsletter> {
  if ((await repo.countNewsletters(deps.db.db, user.id)) >= NEWSLETTER_LIMITS.newsletters)
    throw new HttpError(422, NEWSLETTER_DETAIL.tooMany);
  // Out of credits or over the rate limit, nothing is made (the draft would fail anyway).
  await requireModelBudget(deps, user.id, 'check');
  const now = deps.clock.now().toISOString();
  const row: NewsletterRow = {
    id: newId(),
    user_id: user.id,
    kind: settings.kind,
    subject:
      settings.kind === 'topics' ? settings.topics.join(', ') : `Your ${settings.quarter} market commentary`,
    body: '',
    settings: JSON.stringify(settings),
    status: 'draft',
    drafted_at: null,
    sent_at: null,
    sent_count: 0,
    last_send: null,
    pending_send: null,
    created_at: now,
    updated_at: now,
  };
  await repo.insertNewsletter(deps.db.db, row);
  try {
    const draft = await draftOf(deps, log, user, settings);
    const drafted = { subject: fitSubject(draft.subject), body: fitBody(draft.body), drafted_at: now };
    await repo.updateNewsletter(deps.db.db, user.id, row.id, drafted);
    return toNewsletter({ ...row, ...drafted });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { ...toNewsletter(row), draft_error: err.detail };
  }
}

/** The model drafts it again from the saved settings; the subject and body are replaced. */
export async function redraftNewsletter(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  id: string,
): Promise<TNewsletter> {
  const row = await ownedRow(deps, user.id, id);
  const draft = await draftOf(deps, log, user, settingsOf(row));
  const now = deps.clock.now().toISOString();
  const drafted = {
    subject: fitSubject(draft.subject),
    body: fitBody(draft.body),
    drafted_at: now,
    updated_at: now,
  };
  if (!(await repo.updateNewsletter(deps.db.db, user.id, id, drafted)))
    throw notFound(NEWSLETTER_DETAIL.notFound);
  return answerOf(deps, { ...row, ...drafted });
}

/** Saves the whole draft (subject, body and settings). */
export async function updateNewsletter(
  deps: AppDeps,
  userId: string,
  id: string,
  body: TNewsletterUpdate,
): Promise<TNewsletter> {
  const row = await ownedRow(deps, userId, id);
  if (body.settings.kind !== row.kind) throw new HttpError(422, NEWSLETTER_DETAIL.kindChanged);
  const values = {
    subject: body.subject,
    body: body.body,
    settings: JSON.stringify(body.settings),
    updated_at: deps.clock.now().toISOString(),
  };
  await repo.updateNewsletter(deps.db.db, userId, id, values);
  return answerOf(deps, { ...row, ...values });
}

export async function deleteNewsletter(deps: AppDeps, userId: string, id: string) {
  await refuseIfHeld(deps, userId, 'newsletters');
  if (!(await repo.deleteNewsletter(deps.db.db, userId, id))) throw notFound(NEWSLETTER_DETAIL.notFound);
  return { success: true };
}

/** 'Q4 2026' -> 'q4_2026'; a topics newsletter is named by the day it is exported. */
function pdfFilename(deps: AppDeps, settings: TNewsletterSettings): string {
  return settings.kind === 'quarterly'
    ? `newsletter_${settings.quarter.toLowerCase().replace(/\s+/g, '_')}.pdf`
    : `newsletter_${todayOf(deps)}.pdf`;
}

/** The newsletter as a PDF in the user's PDFs: the body as a reader without a name sees it. */
export async function exportNewsletterPdf(deps: AppDeps, user: UserRow, id: string): Promise<TPdfInfo> {
  const row = await ownedRow(deps, user.id, id);
  if (!row.body.trim()) throw new HttpError(422, NEWSLETTER_DETAIL.emptyExport);
  const settings = settingsOf(row);
  return generateDocumentPdf(deps, user, {
    title: personalize(row.subject, null),
    subtitle: settings.kind === 'topics' ? `Client newsletter: ${labelOf(settings)}` : labelOf(settings),
    filename: pdfFilename(deps, settings),
    blocks: [{ kind: 'markdown', text: personalize(row.body, null) }],
  });
}

// ---- Recipients and sending ----

/** The user's clients with an email (their meetings and their CRM), with the segments they fall in. */
async function audienceClients(deps: AppDeps, user: UserRow): Promise<TNewsletterClient[]> {
  const today = todayOf(deps);
  const clients = await clientsOf(deps, user, today);
  return clients
    .filter((c): c is typeof c & { email: string } => !!c.email)
    .map((c) => {
      const isRecent =
        c.last_contact !== null &&
        (Date.parse(today) - Date.parse(c.last_contact)) / DAY_MS <= OUTREACH_NO_CONTACT_DAYS;
      return {
        email: c.email,
        name: c.name,
        last_contact: c.last_contact,
        segments: ['all', isRecent ? 'recent' : 'lapsed'],
      };
    });
}

export async function newsletterAudience(deps: AppDeps, user: UserRow): Promise<TNewsletterAudience> {
  const clients = await audienceClients(deps, user);
  return {
    segments: NEWSLETTER_SEGMENTS.map((id) => ({
      id,
      ...NEWSLETTER_SEGMENT_LABELS[id],
      count: clients.filter((c) => c.segments.includes(id)).length,
    })),
    clients,
  };
}

/**
 * Starts sending the newsletter: each recipient gets their own email with their first name, through
 * the studio's email service (the named account, else the outbox; held for review when the
 * organization requires it). Every recipient must be one of the user's clients, or nothing is sent.
 * The emails go out in the background (deliveries.ts): one transaction writes a pending delivery
 * per recipient and the status 'sending', the answer comes at once, and the job starts right away.
 * A failure for one recipient is reported and the rest still go.
 */
export async function sendNewsletter(
  deps: AppDeps,
  log: SendLog,
  user: UserRow,
  id: string,
  request: TNewsletterSend,
): Promise<TNewsletter> {
  const row = await ownedRow(deps, user.id, id);
  if (!row.body.trim()) throw new HttpError(422, NEWSLETTER_DETAIL.emptySend);
  const clients = new Map((await audienceClients(deps, user)).map((c) => [c.email.toLowerCase(), c]));
  const unknown = request.recipients.filter((email) => !clients.has(email.toLowerCase()));
  if (unknown.length) throw new HttpError(422, NEWSLETTER_DETAIL.notClients(unknown));
  const now = deps.clock.now().toISOString();
  const pending: PendingSend = {
    subject: row.subject,
    body: row.body,
    connection_type: request.connection_type,
    previous_status: row.status === 'sent' ? 'sent' : 'draft',
  };
  const values = { pending_send: JSON.stringify(pending), updated_at: now };
  await deps.db.db.transaction().execute(async (trx) => {
    if (!(await repo.startSending(trx, { userId: user.id, id }, values)))
      throw new HttpError(409, NEWSLETTER_DETAIL.alreadySending);
    await repo.deleteDeliveries(trx, id);
    await repo.insertDeliveries(
      trx,
      request.recipients.map((address, position) => {
        const client = clients.get(address.toLowerCase())!;
        return {
          id: newId(),
          newsletter_id: id,
          user_id: user.id,
          position,
          email: client.email,
          name: client.name,
          status: 'pending' as const,
          delivered_to: null,
          error: null,
          claimed_at: null,
          created_at: now,
          updated_at: now,
        };
      }),
    );
  });
  startSending(deps, log, id);
  return toNewsletter(
    { ...row, ...values, status: 'sending' },
    { total: request.recipients.length, sent: 0, failed: 0 },
  );
}
