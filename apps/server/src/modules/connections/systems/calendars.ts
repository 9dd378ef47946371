// Events of the user's connected calendars (Google Calendar, Microsoft Graph) in one shape.
import type { TParticipant } from '@knap/contracts';
import type { AppDeps } from '../../../platform/deps.js';
import { connectedApi, type ProviderApi } from './provider-api.js';

export type ResponseStatus = TParticipant['response_status'];

export interface CalendarEvent {
  id: string;
  source: 'google' | 'microsoft';
  title: string;
  start: string;
  end: string;
  meeting_url: string | null;
  participants: Array<{ name: string; email: string; response_status: ResponseStatus }>;
}

const GOOGLE_RESPONSES: Record<string, ResponseStatus> = {
  accepted: 'accepted',
  declined: 'declined',
  tentative: 'tentative',
  needsAction: 'needsAction',
};
const GRAPH_RESPONSES: Record<string, ResponseStatus> = {
  accepted: 'accepted',
  organizer: 'accepted',
  declined: 'declined',
  tentativelyAccepted: 'tentativelyAccepted',
  notResponded: 'needsAction',
  none: 'none',
};

const iso = (value: string | undefined, timeZone?: string) => {
  if (!value) return '';
  // Graph answers local date-times with a separate zone; we ask for UTC.
  const withZone = timeZone === 'UTC' && !/[zZ]|[+-]\d\d:\d\d$/.test(value) ? `${value}Z` : value;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};

/** The fields of a Google Calendar event the app reads. */
export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  hangoutLink?: string;
  conferenceData?: { entryPoints?: Array<{ entryPointType: string; uri: string }> };
  attendees?: Array<{ email?: string; displayName?: string; responseStatus?: string }>;
}

/** The fields of a Microsoft Graph event the app reads. */
export interface GraphEvent {
  id: string;
  subject?: string;
  isCancelled?: boolean;
  start?: { dateTime?: string; timeZone?: string };
  end?: { dateTime?: string; timeZone?: string };
  onlineMeeting?: { joinUrl?: string } | null;
  attendees?: Array<{ emailAddress?: { name?: string; address?: string }; status?: { response?: string } }>;
}

async function googleEvents(
  deps: AppDeps,
  api: ProviderApi,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const url = new URL(`${deps.config.apis.google}/calendar/v3/calendars/primary/events`);
  url.search = new URLSearchParams({
    timeMin: from,
    timeMax: to,
    singleEvents: 'true',
    orderBy: 'startTime',
    maxResults: '250',
  }).toString();
  const body = await api.call<{ items?: GoogleEvent[] }>({ url: url.href });
  return (body.items ?? []).filter((e) => e.status !== 'cancelled').map(fromGoogleEvent);
}

/** A Google Calendar event in our shape. */
export function fromGoogleEvent(e: GoogleEvent): CalendarEvent {
  return {
    id: `google:${e.id}`,
    source: 'google',
    title: e.summary ?? '',
    start: iso(e.start?.dateTime ?? e.start?.date),
    end: iso(e.end?.dateTime ?? e.end?.date),
    meeting_url:
      e.hangoutLink ?? e.conferenceData?.entryPoints?.find((p) => p.entryPointType === 'video')?.uri ?? null,
    participants: (e.attendees ?? []).map((a) => ({
      name: a.displayName ?? '',
      email: a.email ?? '',
      response_status: GOOGLE_RESPONSES[a.responseStatus ?? ''] ?? 'none',
    })),
  };
}

async function graphEvents(
  deps: AppDeps,
  api: ProviderApi,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const url = new URL(`${deps.config.apis.microsoftGraph}/v1.0/me/calendarView`);
  url.search = new URLSearchParams({
    startDateTime: from,
    endDateTime: to,
    $top: '250',
    $orderby: 'start/dateTime',
  }).toString();
  const body = await api.call<{ value?: GraphEvent[] }>({
    url: url.href,
    headers: { prefer: 'outlook.timezone="UTC"' },
  });
  return (body.value ?? []).filter((e) => !e.isCancelled).map(fromGraphEvent);
}

/** A Microsoft Graph event (asked for in UTC) in our shape. */
export function fromGraphEvent(e: GraphEvent): CalendarEvent {
  return {
    id: `microsoft:${e.id}`,
    source: 'microsoft',
    title: e.subject ?? '',
    start: iso(e.start?.dateTime, e.start?.timeZone),
    end: iso(e.end?.dateTime, e.end?.timeZone),
    meeting_url: e.onlineMeeting?.joinUrl ?? null,
    participants: (e.attendees ?? []).map((a) => ({
      name: a.emailAddress?.name ?? '',
      email: a.emailAddress?.address ?? '',
      response_status: GRAPH_RESPONSES[a.status?.response ?? ''] ?? 'none',
    })),
  };
}

/**
 * Events between `from` and `to` from every connected calendar, soonest first. A calendar that
 * cannot be read is reported in `unavailable` instead of failing the whole answer.
 */
export async function calendarEvents(
  deps: AppDeps,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ events: CalendarEvent[]; unavailable: string[]; connected: string[] }> {
  const sources = [
    { type: 'google_calendar_read' as const, read: googleEvents },
    { type: 'microsoft_calendar_read' as const, read: graphEvents },
  ];
  const events: CalendarEvent[] = [];
  const unavailable: string[] = [];
  const connected: string[] = [];
  for (const source of sources) {
    const api = await connectedApi(deps, userId, source.type);
    if (!api) continue;
    connected.push(source.type);
    try {
      events.push(...(await source.read(deps, api, from.toISOString(), to.toISOString())));
    } catch {
      unavailable.push(source.type);
    }
  }
  events.sort((a, b) => a.start.localeCompare(b.start));
  return { events, unavailable, connected };
}
