// Google APIs on loopback (Calendar v3, Gmail v1, Drive v3), trusting the tokens of an OIDC fake:
// the real paths, query parameters, answer shapes and error shape ({error:{code,message,errors}}).
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';
import {
  authorized,
  changesSince,
  DEFAULT_MODIFIED,
  emptyWorkspace,
  type FakeEvent,
  type FakeFile,
  type FakeMailMessage,
  type FakeWorkspace,
  inRange,
  matchesMailQuery,
  newestFirst,
  pageOf,
  pick,
  plainText,
  readMime,
  sizeOf,
  type WorkspaceData,
} from './workspace.js';

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
};

function googleError(res: ServerResponse, code: number, message: string, reason: string) {
  sendJson(res, code, {
    error: { code, message, errors: [{ message, domain: 'global', reason }], status: GOOGLE_STATUS[code] },
  });
}

const GOOGLE_APPS = 'application/vnd.google-apps.';
/** What each Docs Editors type can be exported as (the subset the fake serves). */
const EXPORTS: Record<string, string[]> = {
  [`${GOOGLE_APPS}document`]: ['text/plain', 'text/html'],
  [`${GOOGLE_APPS}spreadsheet`]: ['text/csv'],
  [`${GOOGLE_APPS}presentation`]: ['text/plain'],
};

const googleEvent = (e: FakeEvent) => ({
  id: e.id,
  status: 'confirmed',
  summary: e.title,
  start: { dateTime: e.start },
  end: { dateTime: e.end },
  ...(e.meetingUrl ? { hangoutLink: e.meetingUrl } : {}),
  attendees: (e.attendees ?? []).map((a) => ({
    email: a.email,
    displayName: a.name,
    responseStatus: a.response ?? 'needsAction',
  })),
});

/**
 * GET calendars/primary/events: a full listing (timeMin/timeMax, paged by maxResults and pageToken,
 * the last page carrying nextSyncToken), or with syncToken only what changed since (cancelled
 * events as status 'cancelled'); an unknown sync token answers 410 like Google.
 */
function calendarEvents(ws: WorkspaceData, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const nextSyncToken = String(ws.calendarLog.version);
  const syncToken = q.get('syncToken');
  if (syncToken !== null) {
    const changes = changesSince(ws, syncToken);
    if (!changes)
      return googleError(
        res,
        410,
        'Sync token is no longer valid, a full sync is required.',
        'fullSyncRequired',
      );
    const items = [
      ...changes.changed.map(googleEvent),
      ...changes.cancelled.map((id) => ({ id, status: 'cancelled' })),
    ];
    return sendJson(res, 200, { kind: 'calendar#events', items, nextSyncToken });
  }
  const all = ws.events
    .filter((e) => inRange(e, q.get('timeMin') ?? undefined, q.get('timeMax') ?? undefined))
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(googleEvent);
  const page = pageOf(all, q.get('pageToken'), Number(q.get('maxResults') ?? 250) || 250);
  return sendJson(res, 200, {
    kind: 'calendar#events',
    items: page.items,
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : { nextSyncToken }),
  });
}

/** One MIME part of a Gmail payload, its body base64url-encoded like the real API. */
const bodyPart = (mimeType: string, content: string) => ({
  mimeType,
  headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }],
  body: { size: Buffer.byteLength(content), data: Buffer.from(content, 'utf8').toString('base64url') },
});

/** Gmail's users.messages resource in format `full` or `metadata` (headers only). */
function gmailMessage(m: FakeMailMessage, url: URL) {
  const wanted = url.searchParams.getAll('metadataHeaders').map((h) => h.toLowerCase());
  const headers = [
    { name: 'From', value: m.from },
    { name: 'To', value: m.to },
    { name: 'Subject', value: m.subject },
    { name: 'Date', value: new Date(m.date).toUTCString() },
  ];
  const format = url.searchParams.get('format') ?? 'full';
  const parts = [
    ...(m.text !== undefined ? [bodyPart('text/plain', m.text)] : []),
    ...(m.html !== undefined ? [bodyPart('text/html', m.html)] : []),
  ];
  const payload =
    format === 'metadata'
      ? {
          mimeType: parts.length > 1 ? 'multipart/alternative' : parts[0]?.mimeType,
          headers: wanted.length ? headers.filter((h) => wanted.includes(h.name.toLowerCase())) : headers,
        }
      : parts.length === 1
        ? { ...parts[0], headers }
        : { mimeType: 'multipart/alternative', headers, body: { size: 0 }, parts };
  return {
    id: m.id,
    threadId: m.id,
    labelIds: ['INBOX'],
    snippet: plainText(m).slice(0, 120),
    internalDate: String(Date.parse(m.date)),
    sizeEstimate: Buffer.byteLength(plainText(m)),
    payload,
  };
}

type Predicate = (f: FakeFile) => boolean;

/**
 * Parses Drive's `q` the way Drive does, strictly: clauses `name contains '…'`, `fullText
 * contains '…'`, `mimeType = / != '…'` and `trashed = true|false`, joined by and/or/not and
 * parentheses; string values in single quotes with `\'` and `\\` escapes. Anything else throws, so a
 * badly escaped query answers 400 like the real API.
 */
function parseDriveQuery(q: string): Predicate {
  const tokens = (q.match(/\s*(?:'(?:[^'\\]|\\.)*'|!=|[A-Za-z_]+|\S)/g) ?? []).map((t) => t.trim());
  let at = 0;
  const fail = (): never => {
    throw new Error(`Invalid Value at token ${at}`);
  };
  const take = () => tokens[at++] ?? fail();
  const literal = (): string | boolean => {
    const t = take();
    if (t === 'true' || t === 'false') return t === 'true';
    if (t.length < 2 || !t.startsWith("'") || !t.endsWith("'")) return fail();
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  };
  const clause = (): Predicate => {
    const [field, op, value] = [take(), take(), literal()];
    if (field === 'trashed' && op === '=' && typeof value === 'boolean') return (f) => !!f.trashed === value;
    if (typeof value !== 'string') return fail();
    const needle = value.toLowerCase();
    if (field === 'name' && op === 'contains') return (f) => f.name.toLowerCase().includes(needle);
    if (field === 'fullText' && op === 'contains')
      return (f) => `${f.name}\n${f.content}`.toLowerCase().includes(needle);
    if (field === 'mimeType' && (op === '=' || op === '!='))
      return (f) => (f.mimeType === value) === (op === '=');
    return fail();
  };
  const factor = (): Predicate => {
    if (tokens[at] === 'not') {
      at++;
      const inner = factor();
      return (f) => !inner(f);
    }
    if (tokens[at] !== '(') return clause();
    at++;
    const inner = either();
    if (take() !== ')') fail();
    return inner;
  };
  /** `part (word part)*`: every part must match when joined by and, one when joined by or. */
  const chain = (word: 'and' | 'or', part: () => Predicate): Predicate => {
    const parts = [part()];
    while (tokens[at] === word) {
      at++;
      parts.push(part());
    }
    return word === 'and' ? (f) => parts.every((p) => p(f)) : (f) => parts.some((p) => p(f));
  };
  const either = (): Predicate => chain('or', () => chain('and', factor));
  const query = either();
  if (at !== tokens.length) fail();
  return query;
}

/** Drive's files resource; `size` is a string (int64) and absent for Docs Editors files. */
function driveFile(f: FakeFile) {
  const mimeType = f.mimeType ?? 'application/octet-stream';
  const native = mimeType.startsWith(GOOGLE_APPS);
  return {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType,
    modifiedTime: f.modified ?? DEFAULT_MODIFIED,
    trashed: !!f.trashed,
    ...(native ? {} : { size: String(sizeOf(f)) }),
    webViewLink: native
      ? `https://docs.google.com/document/d/${f.id}/edit`
      : `https://drive.google.com/file/d/${f.id}/view`,
  };
}

/** The keys a Drive `fields` mask names (`files(id,name)` or `id,name`); Drive's defaults without one. */
function fieldMask(fields: string | null): string[] {
  if (!fields) return ['kind', 'id', 'name', 'mimeType'];
  const inner = /files\(([^)]*)\)/.exec(fields)?.[1] ?? fields;
  return inner.split(',').map((k) => k.trim());
}

function sendContent(res: ServerResponse, mimeType: string, content: string) {
  res.writeHead(200, { 'content-type': mimeType });
  res.end(content);
}

async function handleGmail(
  ws: WorkspaceData,
  req: { method: string; body: string; contentType: string },
  url: URL,
  res: ServerResponse,
) {
  const path = url.pathname;
  // The media upload of messages.send: the RFC 822 message itself is the body (up to 35 MB).
  if (path === '/upload/gmail/v1/users/me/messages/send' && req.method === 'POST') {
    if (url.searchParams.get('uploadType') !== 'media' || !req.contentType.startsWith('message/rfc822'))
      return googleError(res, 400, 'Media upload expects uploadType=media and message/rfc822', 'badContent');
    ws.sentMail.push(await readMime(ws, req.body));
    const id = `msg-${ws.sentMail.length}`;
    return sendJson(res, 200, { id, threadId: `t-${ws.sentMail.length}`, labelIds: ['SENT'] });
  }
  if (path === '/gmail/v1/users/me/messages/send' && req.method === 'POST') {
    const { raw } = JSON.parse(req.body || '{}') as { raw?: string };
    if (!raw)
      return googleError(res, 400, "'raw' RFC822 payload message string is required", 'invalidArgument');
    ws.sentMail.push(await readMime(ws, Buffer.from(raw, 'base64url').toString('utf8')));
    const id = `msg-${ws.sentMail.length}`;
    return sendJson(res, 200, { id, threadId: `t-${ws.sentMail.length}`, labelIds: ['SENT'] });
  }
  if (path === '/gmail/v1/users/me/drafts' && req.method === 'POST') {
    const { message } = JSON.parse(req.body || '{}') as { message?: { raw?: string } };
    if (!message?.raw) return googleError(res, 400, 'Missing draft message', 'invalidArgument');
    ws.drafts.push(await readMime(ws, Buffer.from(message.raw, 'base64url').toString('utf8')));
    const id = `r-${ws.drafts.length}`;
    return sendJson(res, 200, {
      id,
      message: { id: `d-${ws.drafts.length}`, threadId: id, labelIds: ['DRAFT'] },
    });
  }
  if (path === '/gmail/v1/users/me/messages' && req.method === 'GET') {
    const q = url.searchParams.get('q') ?? '';
    const max = Math.min(Number(url.searchParams.get('maxResults') ?? 100), 500);
    const found = newestFirst(ws.messages).filter((m) => matchesMailQuery(m, q));
    // Gmail leaves `messages` out entirely when nothing matched.
    const messages = found.slice(0, max).map((m) => ({ id: m.id, threadId: m.id }));
    return sendJson(res, 200, { ...(messages.length ? { messages } : {}), resultSizeEstimate: found.length });
  }
  const one = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)$/.exec(path);
  if (one && req.method === 'GET') {
    const m = ws.messages.find((x) => x.id === decodeURIComponent(one[1]!));
    if (!m) return googleError(res, 404, 'Requested entity was not found.', 'notFound');
    return sendJson(res, 200, gmailMessage(m, url));
  }
  return googleError(res, 404, 'Not Found', 'notFound');
}

function handleDrive(ws: WorkspaceData, url: URL, res: ServerResponse) {
  if (url.pathname === '/drive/v3/files') {
    let matches: Predicate;
    try {
      matches = parseDriveQuery(url.searchParams.get('q') ?? 'trashed = false');
    } catch {
      return googleError(res, 400, 'Invalid Value', 'invalid');
    }
    const keys = fieldMask(url.searchParams.get('fields'));
    const size = Number(url.searchParams.get('pageSize') ?? 100);
    const files = ws.files.filter(matches).slice(0, size);
    return sendJson(res, 200, { files: files.map((f) => pick(driveFile(f), keys)) });
  }
  const [, id, action] = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(url.pathname) ?? [];
  const file = ws.files.find((f) => f.id === decodeURIComponent(id ?? ''));
  if (!file) return googleError(res, 404, `File not found: ${id}.`, 'notFound');
  const meta = driveFile(file);
  const native = meta.mimeType.startsWith(GOOGLE_APPS);
  if (action === '/export') {
    const as = url.searchParams.get('mimeType') ?? '';
    if (!native)
      return googleError(res, 403, 'Export only supports Docs Editors files.', 'fileNotExportable');
    if (!EXPORTS[meta.mimeType]?.includes(as))
      return googleError(res, 400, 'The requested conversion is not supported.', 'badRequest');
    return sendContent(res, as, file.content);
  }
  if (url.searchParams.get('alt') === 'media') {
    if (native)
      return googleError(
        res,
        403,
        'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        'fileNotDownloadable',
      );
    return sendContent(res, meta.mimeType, file.content);
  }
  return sendJson(res, 200, pick(meta, fieldMask(url.searchParams.get('fields'))));
}

/** Google Calendar, Gmail and Drive of one account (the function keeps its first name). */
export async function startFakeGoogleCalendar(oidc: FakeOidc): Promise<FakeWorkspace> {
  const ws = emptyWorkspace();
  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    ws.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (!authorized(oidc, req.headers.authorization))
      return googleError(res, 401, 'Invalid Credentials', 'authError');
    if (url.pathname.startsWith('/gmail/') || url.pathname.startsWith('/upload/gmail/'))
      return handleGmail(
        ws,
        { method: req.method ?? 'GET', body, contentType: String(req.headers['content-type'] ?? '') },
        url,
        res,
      );
    if (url.pathname.startsWith('/drive/') && req.method === 'GET') return handleDrive(ws, url, res);
    if (url.pathname !== '/calendar/v3/calendars/primary/events')
      return googleError(res, 404, 'Not Found', 'notFound');
    return calendarEvents(ws, url, res);
  });
  return Object.assign(ws, server);
}
