// Mail of the user's connected Gmail or Outlook (Microsoft Graph): search, read, save a draft, and
// send (with attachments). Both accounts answer in one small shape, so callers need not know which.
import { CONNECTION_DETAIL, DETAIL, EMAIL_DETAIL, type IntegrationId } from '@knap/contracts';
import MailComposer from 'nodemailer/lib/mail-composer';
import { z } from 'zod';
import { newId } from '../../../platform/crypto.js';
import { parseStored } from '../../../platform/db/stored-json.js';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError } from '../../../platform/errors.js';
import { recordAudit } from '../../audit/service.js';
import { connectedScopes, connectionStatuses, heldButUnusable, unusableDetail } from '../oauth/service.js';
import * as outbox from './outbox-repo.js';
import { connectedApi, type ProviderApi, providerApi } from './provider-api.js';
import { capText, htmlToText } from './text.js';

export interface MailAttachment {
  filename: string;
  /** A plain `type/subtype`; callers pass only known-clean values. */
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  body: string;
  attachments?: MailAttachment[];
  /** The supervised email this send delivers, once an admin approved it. */
  reviewId?: string;
}

export interface MailSummary {
  id: string;
  from: string;
  to: string;
  subject: string;
  /** ISO date received, when the provider says. */
  date: string | null;
  snippet: string;
}

export interface MailMessage extends MailSummary {
  /** The text body, at most MAX_MAIL_CHARS. */
  body: string;
  truncated: boolean;
}

export interface MailDraft {
  id: string;
  to: string;
  subject: string;
}

/** A connected mailbox, as the assistant's mail tools use it. */
export interface MailAccount {
  type: IntegrationId;
  search(deps: AppDeps, userId: string, query: string, max: number): Promise<MailSummary[]>;
  read(deps: AppDeps, userId: string, id: string): Promise<MailMessage>;
  draft(deps: AppDeps, userId: string, mail: OutgoingMail): Promise<MailDraft>;
}

/** The longest body handed to the model: enough for any real letter, not for a mailing list digest. */
export const MAX_MAIL_CHARS = 20_000;

const withBody = (summary: MailSummary, text: string): MailMessage => {
  const body = capText(text, MAX_MAIL_CHARS);
  return { ...summary, body: body.text, truncated: body.truncated };
};

/**
 * The one way a message is built, for Gmail and Graph alike: nodemailer's MailComposer writes
 * RFC 5322 with MIME (folded encoded-words, quoted-printable or base64 bodies so no line passes
 * 998 bytes, RFC 2231 filenames with `name=` beside them, Date and Message-ID). The sender is the
 * connected account's address; a connection stored without one leaves From out, and both Gmail
 * and Exchange then put in the mailbox's own. Line breaks in headers become spaces.
 */
function composeMail(deps: AppDeps, api: ProviderApi, mail: OutgoingMail): Promise<Buffer> {
  return new MailComposer({
    ...(api.accountEmail ? { from: api.accountEmail } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.body,
    date: deps.clock.now(),
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
    // Only the bytes given: never a path or URL read on the message's behalf.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

// --- Gmail -------------------------------------------------------------------------------------

const GMAIL: IntegrationId = 'google_gmail_modify';
const gmailBase = (deps: AppDeps) => `${deps.config.apis.google}/gmail/v1/users/me`;
/** A search lists ids only; each message's headers come from a `metadata` read of just these. */
const GMAIL_METADATA = new URLSearchParams([
  ['format', 'metadata'],
  ...['From', 'To', 'Subject', 'Date'].map((h): [string, string] => ['metadataHeaders', h]),
]);

interface GmailPart {
  mimeType?: string;
  filename?: string;
  headers?: Array<{ name: string; value: string }>;
  body?: { data?: string };
  parts?: GmailPart[];
}
interface GmailMessage {
  id: string;
  snippet?: string;
  internalDate?: string;
  payload?: GmailPart;
}

function gmailSummary(m: GmailMessage): MailSummary {
  const header = (name: string) =>
    m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';
  const received = Number(m.internalDate ?? Number.NaN);
  return {
    id: m.id,
    from: header('From'),
    to: header('To'),
    subject: header('Subject'),
    date: Number.isFinite(received) ? new Date(received).toISOString() : null,
    // Gmail's snippets come HTML-escaped.
    snippet: htmlToText(m.snippet ?? ''),
  };
}

/** The first inline (not attached) part of a type, decoded; parts nest in multipart messages. */
function gmailPartText(part: GmailPart | undefined, mimeType: string): string | null {
  if (!part) return null;
  if (part.mimeType === mimeType && part.body?.data && !part.filename)
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  for (const child of part.parts ?? []) {
    const text = gmailPartText(child, mimeType);
    if (text !== null) return text;
  }
  return null;
}

const gmailBodyText = (payload: GmailPart | undefined) =>
  gmailPartText(payload, 'text/plain') ?? htmlToText(gmailPartText(payload, 'text/html') ?? '');

export const gmail: MailAccount = {
  type: GMAIL,
  async search(deps, userId, query, max) {
    const api = await providerApi(deps, userId, GMAIL);
    const list = await api.call<{ messages?: Array<{ id: string }> }>({
      url: `${gmailBase(deps)}/messages?${new URLSearchParams({ q: query, maxResults: String(max) })}`,
    });
    return Promise.all(
      (list.messages ?? []).map(async ({ id }) =>
        gmailSummary(
          await api.call<GmailMessage>({
            url: `${gmailBase(deps)}/messages/${encodeURIComponent(id)}?${GMAIL_METADATA}`,
            notFound: DETAIL.messageNotFound,
          }),
        ),
      ),
    );
  },
  async read(deps, userId, id) {
    const api = await providerApi(deps, userId, GMAIL);
    const message = await api.call<GmailMessage>({
      url: `${gmailBase(deps)}/messages/${encodeURIComponent(id)}?format=full`,
      notFound: DETAIL.messageNotFound,
    });
    return withBody(gmailSummary(message), gmailBodyText(message.payload));
  },
  async draft(deps, userId, mail) {
    const api = await providerApi(deps, userId, GMAIL);
    const draft = await api.call<{ id: string }>({
      url: `${gmailBase(deps)}/drafts`,
      method: 'POST',
      body: { message: { raw: (await composeMail(deps, api, mail)).toString('base64url') } },
    });
    return { id: draft.id, to: mail.to, subject: mail.subject };
  },
};

// --- Outlook (Microsoft Graph) -----------------------------------------------------------------

const OUTLOOK: IntegrationId = 'microsoft_outlook_read';
const outlookBase = (deps: AppDeps) => `${deps.config.apis.microsoftGraph}/v1.0/me`;
const OUTLOOK_FIELDS = 'id,subject,from,toRecipients,receivedDateTime,bodyPreview';

interface GraphRecipient {
  emailAddress?: { name?: string; address?: string };
}
interface GraphMessage {
  id: string;
  subject?: string;
  bodyPreview?: string;
  receivedDateTime?: string;
  from?: GraphRecipient;
  toRecipients?: GraphRecipient[];
  body?: { contentType?: string; content?: string };
}

/** OData system query options: `$` keys as Graph documents them, values percent-encoded. */
const odata = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** A `$search` value is one double-quoted KQL string; quotes and backslashes inside are escaped. */
const kqlString = (query: string) => `"${query.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** 'Name <address>' like a mail header, or whichever of the two Graph gave. */
function mailbox(r: GraphRecipient | undefined): string {
  const { name, address } = r?.emailAddress ?? {};
  if (name && address && name !== address) return `${name} <${address}>`;
  return address ?? name ?? '';
}

const outlookSummary = (m: GraphMessage): MailSummary => ({
  id: m.id,
  from: mailbox(m.from),
  to: (m.toRecipients ?? []).map(mailbox).join(', '),
  subject: m.subject ?? '',
  date: m.receivedDateTime ?? null,
  snippet: m.bodyPreview ?? '',
});

/**
 * Graph takes a MIME message as base64 text (`Content-Type: text/plain`), both to send and to
 * draft: the same message Gmail gets, rather than Graph's JSON form of one.
 */
const graphMime = async (deps: AppDeps, api: ProviderApi, mail: OutgoingMail) =>
  (await composeMail(deps, api, mail)).toString('base64');

export const outlook: MailAccount = {
  type: OUTLOOK,
  async search(deps, userId, query, max) {
    const api = await providerApi(deps, userId, OUTLOOK);
    const options = odata({ $search: kqlString(query), $top: String(max), $select: OUTLOOK_FIELDS });
    const page = await api.call<{ value?: GraphMessage[] }>({
      url: `${outlookBase(deps)}/messages?${options}`,
    });
    return (page.value ?? []).map(outlookSummary);
  },
  async read(deps, userId, id) {
    const api = await providerApi(deps, userId, OUTLOOK);
    const message = await api.call<GraphMessage>({
      url: `${outlookBase(deps)}/messages/${encodeURIComponent(id)}?${odata({ $select: `${OUTLOOK_FIELDS},body` })}`,
      // Graph converts an HTML body to text when asked; stripping below covers it if not.
      headers: { prefer: 'outlook.body-content-type="text"' },
      notFound: DETAIL.messageNotFound,
    });
    const content = message.body?.content ?? '';
    return withBody(
      outlookSummary(message),
      message.body?.contentType?.toLowerCase() === 'html' ? htmlToText(content) : content,
    );
  },
  async draft(deps, userId, mail) {
    // A message created in the mailbox (not sent) is a draft in Outlook's Drafts folder.
    const api = await providerApi(deps, userId, OUTLOOK);
    const draft = await api.call<{ id: string }>({
      url: `${outlookBase(deps)}/messages`,
      method: 'POST',
      body: await graphMime(deps, api, mail),
      headers: { 'content-type': 'text/plain' },
    });
    return { id: draft.id, to: mail.to, subject: mail.subject };
  },
};

// --- Sending -----------------------------------------------------------------------------------

export type MailAccountId = 'gmail' | 'outlook';

/**
 * Graph refuses a request over 4 MB. The MIME message travels in it as base64, and the attachments
 * inside that as base64 again: 4 MB holds about 2.2 MB of files. Larger files would need a draft
 * and an upload session per attachment.
 */
const GRAPH_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/**
 * Sends through one of the user's accounts; false when that account is not connected (the caller
 * decides what then). Outlook refuses a message Graph cannot take in one request (413). Every send
 * is recorded for the Sent view (`sent_emails`), a refused one with why.
 */
export async function sendMailVia(
  deps: AppDeps,
  userId: string,
  account: MailAccountId,
  mail: OutgoingMail,
): Promise<boolean> {
  try {
    const api = await connectedApi(deps, userId, account === 'gmail' ? GMAIL : OUTLOOK);
    if (!api) return false;
    await (account === 'gmail' ? sendThroughGmail : sendThroughGraph)(deps, api, mail);
  } catch (err) {
    // The send's own error is what the caller hears, even when recording it fails too.
    const why = err instanceof HttpError ? err.message : EMAIL_DETAIL.sendFailed;
    await recordSend(deps, userId, account, mail, why).catch(() => {});
    throw err;
  }
  await recordSend(deps, userId, account, mail, null);
  await auditMail(deps, userId, account, mail);
  return true;
}

async function sendThroughGmail(deps: AppDeps, api: ProviderApi, mail: OutgoingMail): Promise<void> {
  // The media upload takes the message itself, up to Gmail's 35 MB (the JSON form of
  // messages.send, with the message base64-encoded inside, is refused far sooner).
  await api.call({
    url: `${deps.config.apis.google}/upload/gmail/v1/users/me/messages/send?uploadType=media`,
    method: 'POST',
    body: (await composeMail(deps, api, mail)).toString(),
    headers: { 'content-type': 'message/rfc822' },
  });
}

async function sendThroughGraph(deps: AppDeps, api: ProviderApi, mail: OutgoingMail): Promise<void> {
  // The attachments alone, base64 twice, already past the limit: refused before the CPU work of
  // building the message.
  const attached = (mail.attachments ?? []).reduce((sum, a) => sum + a.content.length, 0);
  if ((attached * 16) / 9 > GRAPH_MAX_REQUEST_BYTES)
    throw new HttpError(413, CONNECTION_DETAIL.outlookTooLarge);
  // Graph saves a MIME message it sends in Sent Items, as the JSON form does by default.
  const body = await graphMime(deps, api, mail);
  if (body.length > GRAPH_MAX_REQUEST_BYTES) throw new HttpError(413, CONNECTION_DETAIL.outlookTooLarge);
  await api.call({
    url: `${outlookBase(deps)}/sendMail`,
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain' },
  });
}

const recordSend = (
  deps: AppDeps,
  userId: string,
  via: MailAccountId,
  mail: OutgoingMail,
  error: string | null,
) =>
  outbox.insertSentEmail(deps.db.db, {
    id: newId(),
    user_id: userId,
    via,
    to_address: mail.to,
    subject: mail.subject,
    body: mail.body,
    attachment_names: JSON.stringify((mail.attachments ?? []).map((a) => a.filename)),
    status: error === null ? 'sent' : 'failed',
    error,
    review_id: mail.reviewId ?? null,
    created_at: deps.clock.now().toISOString(),
  });

/** Every outgoing email in the audit trail: recipients, subject and attachment names, not the body. */
const auditMail = (deps: AppDeps, userId: string, via: MailAccountId | 'outbox', mail: OutgoingMail) =>
  recordAudit(deps, {
    action: 'email.sent',
    userId,
    target: mail.to,
    details: {
      via,
      subject: mail.subject.slice(0, 300),
      attachments: (mail.attachments ?? []).map((a) => a.filename),
    },
  });

/** The accounts mail goes out through when none is named, in the order they are tried. */
const MAIL_ACCOUNTS = [
  ['gmail', GMAIL],
  ['outlook', OUTLOOK],
] as const;

/**
 * Why mail meant for the user's first mailbox cannot leave from it: a mailbox ahead of every
 * connected one that was connected without allowing what sending needs (`permission_missing`).
 * Its mail is refused with that, never sent from the next account (or kept in the outbox) unsaid.
 */
async function mailboxWithoutPermission(deps: AppDeps, userId: string): Promise<string | null> {
  const statuses = await connectionStatuses(deps, userId);
  for (const [, type] of MAIL_ACCOUNTS) {
    const status = statuses.get(type);
    if (status === 'connected') return null;
    if (status === 'permission_missing') return unusableDetail(deps, userId, type);
  }
  return null;
}

/** The account sendMailAsUser would use now, or null (the outbox, or a mailbox to fix first). */
export async function mailAccountOf(deps: AppDeps, userId: string): Promise<MailAccountId | null> {
  const { scopes } = await connectedScopes(deps, userId);
  const account = MAIL_ACCOUNTS.find(([, type]) => scopes.includes(type))?.[0] ?? null;
  return account && !(await mailboxWithoutPermission(deps, userId)) ? account : null;
}

/** Sends through Gmail, else Outlook; answers which, or null when neither is connected. */
export async function sendMailAsUser(
  deps: AppDeps,
  userId: string,
  mail: OutgoingMail,
): Promise<MailAccountId | null> {
  const blocked = await mailboxWithoutPermission(deps, userId);
  if (blocked) throw new HttpError(409, blocked);
  for (const [account] of MAIL_ACCOUNTS) {
    if (await sendMailVia(deps, userId, account, mail)) return account;
  }
  // A user who connected a mailbox expects mail to leave from it: when it cannot (a permission
  // not granted, a grant to renew), saying so beats keeping the mail in the outbox unsaid.
  const problem = await mailAccountProblem(deps, userId);
  if (problem) throw new HttpError(409, problem);
  return null;
}

/**
 * Why the user's connected mailbox (or the one named) cannot send: null when one can, or none is
 * connected.
 */
export const mailAccountProblem = async (deps: AppDeps, userId: string, only?: MailAccountId) =>
  (!only && (await mailboxWithoutPermission(deps, userId))) ||
  heldButUnusable(
    deps,
    userId,
    MAIL_ACCOUNTS.filter(([account]) => !only || account === only).map(([, type]) => type),
  );

/**
 * The embedded default's delivery: mail with no connected account to go out through waits in the
 * local outbox (with its first attachment, if any). Answers the outbox row's id.
 */
export async function keepInOutbox(deps: AppDeps, userId: string, mail: OutgoingMail): Promise<string> {
  const id = newId();
  const attachment = mail.attachments?.[0];
  await outbox.insertOutboxEmail(deps.db.db, {
    id,
    user_id: userId,
    to_address: mail.to,
    subject: mail.subject,
    body: mail.body,
    created_at: deps.clock.now().toISOString(),
    attachment_filename: attachment?.filename ?? null,
    attachment_type: attachment?.contentType ?? null,
    attachment: attachment?.content ?? null,
    review_id: mail.reviewId ?? null,
  });
  await auditMail(deps, userId, 'outbox', mail);
  return id;
}

/** The user's outbox, newest first, without attachment bytes (their size instead). */
export async function listOutbox(deps: AppDeps, userId: string, limit = 100) {
  const rows = await outbox.outboxOf(deps.db.db, userId, limit);
  return rows.map(({ to_address, attachment, ...row }) => ({
    ...row,
    to: to_address,
    attachment_bytes: attachment ? attachment.length : null,
  }));
}

/** A mail the local outbox keeps or a connected account sent (or refused), as the Sent view lists it. */
export interface SentMail {
  kind: 'outbox' | 'sent';
  id: string;
  via: MailAccountId | 'outbox';
  to: string;
  subject: string;
  created_at: string;
  attachment_names: string[];
  status: 'sent' | 'failed';
  error: string | null;
  review_id: string | null;
}

const ZAttachmentNames = z.array(z.string());

const fromOutbox = (row: Awaited<ReturnType<typeof outbox.outboxPage>>[number]): SentMail => ({
  kind: 'outbox',
  id: row.id,
  via: 'outbox',
  to: row.to_address,
  subject: row.subject,
  created_at: row.created_at,
  attachment_names: row.attachment_filename ? [row.attachment_filename] : [],
  status: 'sent',
  error: null,
  review_id: row.review_id,
});

const fromSent = (row: Awaited<ReturnType<typeof outbox.sentPage>>[number]): SentMail => ({
  kind: 'sent',
  id: row.id,
  via: row.via,
  to: row.to_address,
  subject: row.subject,
  created_at: row.created_at,
  attachment_names: parseStored(ZAttachmentNames, row.attachment_names, 'sent_emails.attachment_names'),
  status: row.status,
  error: row.error,
  review_id: row.review_id,
});

/** The newest `take` of the user's outbox and sent mail, each list newest first. */
export async function sentMailOf(deps: AppDeps, userId: string, take: number): Promise<SentMail[]> {
  const [kept, sent] = await Promise.all([
    outbox.outboxPage(deps.db.db, userId, take),
    outbox.sentPage(deps.db.db, userId, take),
  ]);
  return [...kept.map(fromOutbox), ...sent.map(fromSent)];
}

/** One of the user's outbox or sent mails with its text, or null (also for another user's). */
export async function findSentMail(
  deps: AppDeps,
  userId: string,
  kind: SentMail['kind'],
  id: string,
): Promise<(SentMail & { body: string }) | null> {
  if (kind === 'outbox') {
    const row = await outbox.findOutboxEmail(deps.db.db, userId, id);
    return row ? { ...fromOutbox(row), body: row.body } : null;
  }
  const row = await outbox.findSentEmail(deps.db.db, userId, id);
  return row ? { ...fromSent(row), body: row.body } : null;
}
