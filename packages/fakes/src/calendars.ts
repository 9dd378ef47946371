// Google (Calendar, Gmail send) and Microsoft Graph (calendarView, sendMail) APIs on loopback,
// trusting the tokens of an OIDC fake: the real paths, query parameters and shapes the app uses.
import { type FakeServer, sendJson, startFakeServer } from './http.js';
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

export interface FakeCalendarApi extends FakeServer {
  events: FakeEvent[];
  requests: Array<{ path: string; query: Record<string, string> }>;
  /** Mail sent through the API (Gmail's raw RFC 822 decoded, or Graph's sendMail message). */
  sentMail: Array<{ to: string; subject: string; body: string }>;
}

/** Reads To, Subject and the body out of a small RFC 822 message. */
function parseRfc822(raw: string): { to: string; subject: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return { to: header('To'), subject: header('Subject'), body: rest.join('\n\n') };
}

function authorized(oidc: FakeOidc, header: string | undefined) {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return token ? oidc.userOf(token) : undefined;
}

const inRange = (e: FakeEvent, from?: string, to?: string) =>
  (!from || e.end > from) && (!to || e.start < to);

/** Google Calendar v3: GET /calendar/v3/calendars/primary/events */
export async function startFakeGoogleCalendar(oidc: FakeOidc): Promise<FakeCalendarApi> {
  const events: FakeEvent[] = [];
  const requests: FakeCalendarApi['requests'] = [];
  const sentMail: FakeCalendarApi['sentMail'] = [];
  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (!authorized(oidc, req.headers.authorization))
      return sendJson(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (url.pathname === '/gmail/v1/users/me/messages/send' && req.method === 'POST') {
      const { raw } = JSON.parse(body || '{}') as { raw?: string };
      if (!raw) return sendJson(res, 400, { error: { code: 400, message: 'raw is required' } });
      sentMail.push(parseRfc822(Buffer.from(raw, 'base64url').toString('utf8')));
      return sendJson(res, 200, {
        id: `msg-${sentMail.length}`,
        threadId: `t-${sentMail.length}`,
        labelIds: ['SENT'],
      });
    }
    if (url.pathname !== '/calendar/v3/calendars/primary/events')
      return sendJson(res, 404, { error: { code: 404 } });
    const items = events
      .filter((e) =>
        inRange(
          e,
          url.searchParams.get('timeMin') ?? undefined,
          url.searchParams.get('timeMax') ?? undefined,
        ),
      )
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((e) => ({
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
      }));
    return sendJson(res, 200, { kind: 'calendar#events', items });
  });
  return { ...server, events, requests, sentMail };
}

/** Microsoft Graph v1.0: GET /v1.0/me/calendarView */
export async function startFakeGraphCalendar(oidc: FakeOidc): Promise<FakeCalendarApi> {
  const events: FakeEvent[] = [];
  const requests: FakeCalendarApi['requests'] = [];
  const sentMail: FakeCalendarApi['sentMail'] = [];
  const graphResponse: Record<string, string> = {
    accepted: 'accepted',
    declined: 'declined',
    tentative: 'tentativelyAccepted',
    needsAction: 'notResponded',
  };
  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (!authorized(oidc, req.headers.authorization))
      return sendJson(res, 401, { error: { code: 'InvalidAuthenticationToken' } });
    if (url.pathname === '/v1.0/me/sendMail' && req.method === 'POST') {
      const { message } = JSON.parse(body || '{}') as {
        message?: {
          subject?: string;
          body?: { content?: string };
          toRecipients?: Array<{ emailAddress?: { address?: string } }>;
        };
      };
      if (!message) return sendJson(res, 400, { error: { code: 'ErrorInvalidRequest' } });
      sentMail.push({
        to: message.toRecipients?.[0]?.emailAddress?.address ?? '',
        subject: message.subject ?? '',
        body: message.body?.content ?? '',
      });
      res.writeHead(202).end();
      return;
    }
    if (url.pathname !== '/v1.0/me/calendarView') return sendJson(res, 404, { error: { code: 'NotFound' } });
    const value = events
      .filter((e) =>
        inRange(
          e,
          url.searchParams.get('startDateTime') ?? undefined,
          url.searchParams.get('endDateTime') ?? undefined,
        ),
      )
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((e) => ({
        id: e.id,
        subject: e.title,
        start: { dateTime: e.start.replace('Z', ''), timeZone: 'UTC' },
        end: { dateTime: e.end.replace('Z', ''), timeZone: 'UTC' },
        isCancelled: false,
        onlineMeeting: e.meetingUrl ? { joinUrl: e.meetingUrl } : null,
        attendees: (e.attendees ?? []).map((a) => ({
          emailAddress: { address: a.email, name: a.name ?? '' },
          status: { response: graphResponse[a.response ?? 'needsAction'] },
        })),
      }));
    return sendJson(res, 200, { value });
  });
  return { ...server, events, requests, sentMail };
}
