// Microsoft Graph v1.0 on loopback (calendarView, Outlook mail, OneDrive), trusting the tokens of an
// OIDC fake: the real paths, OData query options, answer shapes and error shape ({error:{code,message}}).
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startFakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';
import {
  authorized,
  changesSince,
  DEFAULT_MODIFIED,
  emptyWorkspace,
  type FakeEvent,
  type FakeFile,
  type FakeMail,
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

function graphError(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, {
    error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } },
  });
}

const GRAPH_RESPONSE: Record<string, string> = {
  accepted: 'accepted',
  declined: 'declined',
  tentative: 'tentativelyAccepted',
  needsAction: 'notResponded',
};

function calendarView(events: FakeEvent[], url: URL) {
  return events
    .filter((e) =>
      inRange(
        e,
        url.searchParams.get('startDateTime') ?? undefined,
        url.searchParams.get('endDateTime') ?? undefined,
      ),
    )
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(graphEvent);
}

/** Delta pages hold this many events (Graph's own default is larger; small pages test paging). */
const DELTA_PAGE = 50;

/**
 * GET me/calendarView/delta: the first round lists the window (startDateTime/endDateTime) page by
 * page through @odata.nextLink, the last page carrying @odata.deltaLink; a round started from a
 * delta link answers only what changed, removed events as {id, @removed}. An unknown delta token
 * answers 410 (syncStateNotFound) like Graph.
 */
function calendarDelta(ws: WorkspaceData, base: string, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const deltaLink = `${base}/v1.0/me/calendarView/delta?$deltatoken=${ws.calendarLog.version}`;
  const deltaToken = q.get('$deltatoken');
  if (deltaToken !== null) {
    const changes = changesSince(ws, deltaToken);
    if (!changes) return graphError(res, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
    return sendJson(res, 200, {
      value: [
        ...changes.changed.map(graphEvent),
        ...changes.cancelled.map((id) => ({ id, '@removed': { reason: 'deleted' } })),
      ],
      '@odata.deltaLink': deltaLink,
    });
  }
  const page = pageOf(calendarView(ws.events, url), q.get('$skiptoken'), DELTA_PAGE);
  if (!page.nextPageToken) return sendJson(res, 200, { value: page.items, '@odata.deltaLink': deltaLink });
  const next = new URL(url.href.replace('http://fake', base));
  next.searchParams.set('$skiptoken', page.nextPageToken);
  return sendJson(res, 200, { value: page.items, '@odata.nextLink': next.href });
}

const graphEvent = (e: FakeEvent) => ({
  id: e.id,
  subject: e.title,
  start: { dateTime: e.start.replace('Z', ''), timeZone: 'UTC' },
  end: { dateTime: e.end.replace('Z', ''), timeZone: 'UTC' },
  isCancelled: false,
  onlineMeeting: e.meetingUrl ? { joinUrl: e.meetingUrl } : null,
  attendees: (e.attendees ?? []).map((a) => ({
    emailAddress: { address: a.email, name: a.name ?? '' },
    status: { response: GRAPH_RESPONSE[a.response ?? 'needsAction'] },
  })),
});

/** 'Ann Henderson <ann@x.example>' or 'ann@x.example' as a Graph emailAddress. */
function emailAddress(value: string) {
  const [, name, address] = /^(.*?)\s*<([^>]+)>$/.exec(value.trim()) ?? [];
  return { emailAddress: { name: name || address || value.trim(), address: address ?? value.trim() } };
}

/** Graph's message resource; the body as text when the caller prefers it (Graph converts HTML). */
function graphMessage(m: FakeMailMessage, preferText: boolean) {
  const body =
    preferText || m.html === undefined
      ? { contentType: 'text', content: plainText(m) }
      : { contentType: 'html', content: m.html };
  return {
    id: m.id,
    subject: m.subject,
    bodyPreview: plainText(m).slice(0, 255),
    receivedDateTime: m.date.replace(/\.\d{3}Z$/, 'Z'),
    isDraft: false,
    webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(m.id)}&viewmodel=ReadMessageItem`,
    from: emailAddress(m.from),
    toRecipients: m.to.split(',').map(emailAddress),
    body,
  };
}

/** The message the app writes, for sendMail or a draft. */
interface MessageInput {
  subject?: string;
  body?: { content?: string };
  toRecipients?: Array<{ emailAddress?: { address?: string } }>;
  attachments?: Array<{ '@odata.type'?: string; name?: string; contentType?: string; contentBytes?: string }>;
}

const FILE_ATTACHMENT = '#microsoft.graph.fileAttachment';
/** Graph refuses a request body over 4 MB (larger attachments need an upload session). */
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

const mailOf = (m: MessageInput): FakeMail => ({
  to: (m.toRecipients ?? []).map((r) => r.emailAddress?.address ?? '').join(', '),
  subject: m.subject ?? '',
  body: m.body?.content ?? '',
  ...(m.attachments?.length
    ? {
        attachments: m.attachments.map((a) => ({
          filename: a.name ?? '',
          contentType: a.contentType ?? '',
          content: Buffer.from(a.contentBytes ?? '', 'base64'),
        })),
      }
    : {}),
});

/**
 * A MIME message as Graph takes it (`Content-Type: text/plain`): base64 text, read like a mailbox
 * would; null when the body is not base64 (Graph answers 400).
 */
async function mimeOf(ws: WorkspaceData, body: string): Promise<FakeMail | null> {
  const base64 = body.replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4) return null;
  return readMime(ws, Buffer.from(base64, 'base64').toString('utf8'));
}

const isMime = (req: IncomingMessage) => String(req.headers['content-type'] ?? '').startsWith('text/plain');
const badMime = (res: ServerResponse) =>
  graphError(res, 400, 'ErrorMimeContentInvalidBase64String', 'Invalid base64 string for MIME content');

/** Graph's answer to attachments it cannot take: only complete file attachments are modelled. */
const badAttachment = (m: MessageInput) =>
  m.attachments?.some((a) => a['@odata.type'] !== FILE_ATTACHMENT || !a.name || !a.contentBytes);

/** OData's `$select`, as a list of keys (null: all of them). */
const selected = (url: URL) => url.searchParams.get('$select')?.split(',') ?? null;

/**
 * `$search` on messages must be one double-quoted string; quotes inside it are escaped with a
 * backslash. Answers the KQL inside, or null for a syntax error (400 like the real API).
 */
function searchText(raw: string | null): string | null {
  if (raw === null) return '';
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(raw);
  return quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : null;
}

async function handleMail(
  ws: WorkspaceData,
  req: IncomingMessage,
  body: string,
  url: URL,
  res: ServerResponse,
) {
  if (url.pathname === '/v1.0/me/messages' && req.method === 'GET') {
    const query = searchText(url.searchParams.get('$search'));
    if (query === null) return graphError(res, 400, 'BadRequest', 'Syntax error in $search');
    const top = Number(url.searchParams.get('$top') ?? 10);
    const value = newestFirst(ws.messages)
      .filter((m) => matchesMailQuery(m, query))
      .slice(0, top)
      .map((m) => pick(graphMessage(m, false), selected(url)));
    return sendJson(res, 200, { value });
  }
  if (url.pathname === '/v1.0/me/messages' && req.method === 'POST') {
    // A draft in JSON (Graph's message resource) or in MIME (base64 text).
    const draft = isMime(req) ? await mimeOf(ws, body) : mailOf(JSON.parse(body || '{}') as MessageInput);
    if (!draft) return badMime(res);
    if (!draft.to)
      return graphError(res, 400, 'ErrorInvalidRecipients', 'At least one recipient is not valid.');
    ws.drafts.push(draft);
    const id = `draft-${ws.drafts.length}`;
    return sendJson(res, 201, {
      id,
      isDraft: true,
      subject: draft.subject,
      toRecipients: draft.to.split(', ').map(emailAddress),
    });
  }
  const one = /^\/v1\.0\/me\/messages\/([^/]+)$/.exec(url.pathname);
  const m = one && ws.messages.find((x) => x.id === decodeURIComponent(one[1]!));
  if (!m)
    return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  const preferText = /outlook\.body-content-type="?text"?/.test(String(req.headers.prefer ?? ''));
  const headers: Record<string, string> = preferText
    ? { 'preference-applied': 'outlook.body-content-type="text"' }
    : {};
  return sendJson(res, 200, pick(graphMessage(m, preferText), selected(url)), headers);
}

/** OneDrive's driveItem resource of a file. */
const driveItem = (f: FakeFile) => ({
  id: f.id,
  name: f.name,
  size: sizeOf(f),
  lastModifiedDateTime: f.modified ?? DEFAULT_MODIFIED,
  webUrl: `https://contoso-my.sharepoint.com/personal/advisor/Documents/${encodeURIComponent(f.name)}`,
  file: { mimeType: f.mimeType ?? 'application/octet-stream' },
});

interface Downloads {
  /** Pre-authenticated download tokens handed out in redirects, by file id. */
  issued: Map<string, string>;
}

function handleDrive(ws: WorkspaceData, req: IncomingMessage, url: URL, res: ServerResponse, dl: Downloads) {
  const path = decodeURIComponent(url.pathname);
  if (path.startsWith('/v1.0/me/drive/root/search(')) {
    // An OData string literal: single quotes inside are doubled; anything else is a syntax error.
    const literal = /^\/v1\.0\/me\/drive\/root\/search\(q='((?:[^']|'')*)'\)$/.exec(path);
    if (!literal) return graphError(res, 400, 'invalidRequest', 'Invalid request');
    const needle = literal[1]!.replaceAll("''", "'").toLowerCase();
    const top = Number(url.searchParams.get('$top') ?? 200);
    const value = ws.files
      .filter((f) => !f.trashed && `${f.name}\n${f.content}`.toLowerCase().includes(needle))
      .slice(0, top)
      .map((f) => pick(driveItem(f), selected(url)));
    return sendJson(res, 200, { value });
  }
  const [, id, content] = /^\/v1\.0\/me\/drive\/items\/([^/]+)(\/content)?$/.exec(path) ?? [];
  const file = ws.files.find((f) => f.id === id);
  if (!file) return graphError(res, 404, 'itemNotFound', 'Item not found');
  if (!content) return sendJson(res, 200, pick(driveItem(file), selected(url)));
  // Like the real API: a redirect to a short-lived, pre-authenticated download URL.
  const tempauth = randomBytes(12).toString('hex');
  dl.issued.set(file.id, tempauth);
  res.writeHead(302, { location: `http://${req.headers.host}/download/${file.id}?tempauth=${tempauth}` });
  res.end();
}

function handleDownload(ws: WorkspaceData, url: URL, res: ServerResponse, dl: Downloads) {
  const id = url.pathname.slice('/download/'.length);
  const file = ws.files.find((f) => f.id === id);
  if (!file || dl.issued.get(id) !== url.searchParams.get('tempauth'))
    return graphError(res, 401, 'unauthenticated', 'The download link has expired');
  res.writeHead(200, { 'content-type': file.mimeType ?? 'application/octet-stream' });
  res.end(file.content);
}

/** Outlook calendar and mail, and OneDrive, of one account (the function keeps its first name). */
export async function startFakeGraphCalendar(oidc: FakeOidc, port = 0): Promise<FakeWorkspace> {
  const ws = emptyWorkspace();
  const downloads: Downloads = { issued: new Map() };
  const server = await startFakeServer(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    ws.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (url.pathname.startsWith('/download/')) return handleDownload(ws, url, res, downloads);
    if (!authorized(oidc, req.headers.authorization))
      return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
    if (url.pathname === '/v1.0/me/sendMail' && req.method === 'POST') {
      if (Buffer.byteLength(body) > MAX_REQUEST_BYTES)
        return graphError(res, 413, 'RequestEntityTooLarge', 'The request is too large.');
      if (isMime(req)) {
        const mail = await mimeOf(ws, body);
        if (!mail) return badMime(res);
        ws.sentMail.push(mail);
        res.writeHead(202).end();
        return;
      }
      const { message } = JSON.parse(body || '{}') as { message?: MessageInput };
      if (!message) return graphError(res, 400, 'ErrorInvalidRequest', 'Message is required');
      if (badAttachment(message))
        return graphError(
          res,
          400,
          'ErrorInvalidRequest',
          'A file attachment needs a name and contentBytes.',
        );
      ws.sentMail.push(mailOf(message));
      res.writeHead(202).end();
      return;
    }
    if (url.pathname.startsWith('/v1.0/me/messages')) return handleMail(ws, req, body, url, res);
    if (url.pathname.startsWith('/v1.0/me/drive/') && req.method === 'GET')
      return handleDrive(ws, req, url, res, downloads);
    if (url.pathname === '/v1.0/me/calendarView/delta') return calendarDelta(ws, server.url, url, res);
    if (url.pathname !== '/v1.0/me/calendarView')
      return graphError(res, 404, 'ResourceNotFound', 'Resource not found for the segment.');
    return sendJson(res, 200, { value: calendarView(ws.events, url) });
  }, port);
  return Object.assign(ws, server);
}
