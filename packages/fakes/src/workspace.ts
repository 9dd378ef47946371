// What the Google, Microsoft and Dropbox fakes share: the seedable calendars, mailboxes and files of
// one account, the bearer check against an OIDC fake, and a small mail-search matcher.
import { type ParsedMail, simpleParser } from 'mailparser';
import type { FakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';

export interface FakeEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  attendees?: Array<{
    email: string;
    name?: string;
    response?: 'accepted' | 'declined' | 'tentative' | 'needsAction';
  }>;
  meetingUrl?: string;
}

/** A message in the account's mailbox: a plain text body, an HTML body, or both. */
export interface FakeMailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  /** ISO date received. */
  date: string;
  text?: string;
  html?: string;
}

/** A file in the account's drive. Binary files are fine as any string: they are never read as text. */
export interface FakeFile {
  id: string;
  name: string;
  content: string;
  /** Google Drive and OneDrive keep one; Dropbox has none. */
  mimeType?: string;
  /** ISO date last modified. */
  modified?: string;
  trashed?: boolean;
}

/** A file attached to mail the app wrote. */
export interface FakeAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Mail the app wrote through the API: sent, or saved as a draft. */
export interface FakeMail {
  to: string;
  subject: string;
  body: string;
  /** Present only when the mail had attachments. */
  attachments?: FakeAttachment[];
}

/** An RFC 822 message as it arrived, and as `mailparser` reads it. */
export interface FakeMime {
  raw: string;
  parsed: ParsedMail;
}

/**
 * What changed in the calendar and when, for incremental sync (Google sync tokens, Graph delta
 * links): a token is the version it was issued at; a sync with it gets what changed after.
 */
export interface CalendarLog {
  version: number;
  changed: Map<string, number>;
  cancelled: Map<string, number>;
}

export interface FakeCalendarApi extends FakeServer {
  /** Seeded events; change them later through changeEvent / cancelEvent so syncs see it. */
  events: FakeEvent[];
  calendarLog: CalendarLog;
  /** Adds or updates an event, as a change the next incremental sync reports. */
  changeEvent(event: FakeEvent): void;
  /** Cancels (removes) an event, reported by the next incremental sync. */
  cancelEvent(id: string): void;
  requests: Array<{ path: string; query: Record<string, string> }>;
  /** Mail sent through the API (Gmail's raw RFC 822 decoded, or Graph's sendMail message). */
  sentMail: FakeMail[];
  /** Every RFC 822 message the app handed over (sent or drafted), in order. */
  mime: FakeMime[];
}

/** A Google or Microsoft account's APIs: calendar, mailbox and drive. */
export interface FakeWorkspace extends FakeCalendarApi {
  messages: FakeMailMessage[];
  /** Drafts the app created (Gmail's raw RFC 822 decoded, or Graph's message). */
  drafts: FakeMail[];
  files: FakeFile[];
}

/** The seedable and recorded state of a workspace fake, without its server. */
export type WorkspaceData = Omit<FakeWorkspace, keyof FakeServer>;

export function emptyWorkspace(): WorkspaceData {
  const events: FakeEvent[] = [];
  const calendarLog: CalendarLog = { version: 1, changed: new Map(), cancelled: new Map() };
  return {
    events,
    calendarLog,
    changeEvent(event) {
      calendarLog.version += 1;
      const at = events.findIndex((e) => e.id === event.id);
      if (at >= 0) events[at] = event;
      else events.push(event);
      calendarLog.changed.set(event.id, calendarLog.version);
      calendarLog.cancelled.delete(event.id);
    },
    cancelEvent(id) {
      calendarLog.version += 1;
      const at = events.findIndex((e) => e.id === id);
      if (at >= 0) events.splice(at, 1);
      calendarLog.changed.delete(id);
      calendarLog.cancelled.set(id, calendarLog.version);
    },
    requests: [],
    sentMail: [],
    mime: [],
    messages: [],
    drafts: [],
    files: [],
  };
}

/**
 * The calendar's changes since `token` (a version number), or null when the token is not one this
 * calendar issued (the provider then demands a full sync).
 */
export function changesSince(
  ws: WorkspaceData,
  token: string,
): { changed: FakeEvent[]; cancelled: string[] } | null {
  const since = Number(token);
  if (!Number.isInteger(since) || since < 1 || since > ws.calendarLog.version) return null;
  return {
    changed: ws.events.filter((e) => (ws.calendarLog.changed.get(e.id) ?? 0) > since),
    cancelled: [...ws.calendarLog.cancelled].filter(([, v]) => v > since).map(([id]) => id),
  };
}

/** One page of a full sync: `pageSize` items from the position `pageToken` names. */
export function pageOf<T>(items: T[], pageToken: string | null, pageSize: number) {
  const from = Math.max(0, Number(pageToken ?? 0) || 0);
  const next = from + pageSize;
  return { items: items.slice(from, next), nextPageToken: next < items.length ? String(next) : null };
}

export const DEFAULT_MODIFIED = '2026-11-01T09:00:00.000Z';

/**
 * Reads an RFC 822 message the app handed over with `mailparser`, as a real mailbox would, and
 * keeps it in `ws.mime`: To, Subject, the text body and the attachments (decoded).
 */
export async function readMime(ws: WorkspaceData, raw: string): Promise<FakeMail> {
  const parsed = await simpleParser(raw);
  ws.mime.push({ raw, parsed });
  const to = [parsed.to ?? []].flat().map((a) => a.text);
  // A single-part message ends in a line break, which mailparser leaves on the text.
  const type = parsed.headers.get('content-type') as { value?: string } | undefined;
  const text = parsed.text ?? '';
  const body = type?.value?.startsWith('multipart/') ? text : text.replace(/\n$/, '');
  const attachments = parsed.attachments.map((a) => ({
    filename: a.filename ?? '',
    contentType: a.contentType,
    content: a.content,
  }));
  return {
    to: to.join(', '),
    subject: parsed.subject ?? '',
    body,
    ...(attachments.length ? { attachments } : {}),
  };
}

/** The account a request's bearer token was issued to, if any. */
export function authorized(oidc: FakeOidc, header: string | undefined) {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return token ? oidc.userOf(token) : undefined;
}

export const inRange = (e: FakeEvent, from?: string, to?: string) =>
  (!from || e.end > from) && (!to || e.start < to);

/** Roughly what the providers' own previews make of HTML: the words, in one line. */
export const stripTags = (html: string) =>
  html
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export const plainText = (m: FakeMailMessage) => m.text ?? stripTags(m.html ?? '');

/** Newest first, as both mail APIs list them. */
export const newestFirst = (messages: FakeMailMessage[]) =>
  [...messages].sort((a, b) => b.date.localeCompare(a.date));

/**
 * Gmail's `q` and Outlook's KQL share what the fakes understand: `from:`, `to:` and `subject:`
 * terms, "quoted phrases" and bare words, all of which must match (case-insensitive). Other
 * operators (newer_than:, has:attachment) are ignored, so a fake search may answer more.
 */
export function matchesMailQuery(m: FakeMailMessage, query: string): boolean {
  const fields: Record<string, string> = { from: m.from, to: m.to, subject: m.subject };
  const everything = [m.from, m.to, m.subject, plainText(m)].join('\n').toLowerCase();
  const terms = query.match(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g) ?? [];
  return terms.every((term) => {
    const [, key, phrase, word] = /^(?:(\w+):)?(?:"([^"]*)"|(\S+))$/.exec(term) ?? [];
    const value = (phrase ?? word ?? '').toLowerCase();
    if (key && !(key in fields)) return true;
    return (key ? (fields[key] ?? '').toLowerCase() : everything).includes(value);
  });
}

/** Only the named keys of an answer (Drive's `fields`, Graph's `$select`); all of them without names. */
export function pick<T extends object>(value: T, keys: string[] | null): Partial<T> {
  if (!keys) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k))) as Partial<T>;
}

export const sizeOf = (f: FakeFile) => Buffer.byteLength(f.content, 'utf8');
