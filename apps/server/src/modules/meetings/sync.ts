// Calendar sync: the events of each connected Google and Microsoft calendar become meetings.
// Incremental: the first sync lists a window (30 days back, 60 ahead) and keeps the provider's
// cursor (Google's nextSyncToken, Graph's deltaLink); later syncs ask only for what changed.
// Cancelled events remove their meeting. A cursor the provider no longer knows (410) starts over.

import { isCalendarIntegration, MEETING_DETAIL } from '@knap/contracts';
import { newId } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { emit } from '../../platform/hooks.js';
import { connectedOfTypes } from '../connections/oauth/service.js';
import {
  type CalendarEvent,
  fromGoogleEvent,
  fromGraphEvent,
  type GoogleEvent,
  type GraphEvent,
} from '../connections/systems/calendars.js';
import { providerApi } from '../connections/systems/provider-api.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;
const WINDOW_BACK_DAYS = 30;
const WINDOW_AHEAD_DAYS = 60;
/** A sync never follows more pages than this (a runaway cursor cannot loop forever). */
const MAX_PAGES = 50;

type Source = 'google' | 'microsoft';
const CALENDAR_TYPE = { google: 'google_calendar_read', microsoft: 'microsoft_calendar_read' } as const;

/** One round of changes: events to keep, ids (without source prefix) removed, the next cursor. */
interface Changes {
  events: CalendarEvent[];
  removed: string[];
  cursor: string;
}

/** The provider forgot our cursor: start over with a full listing. */
class CursorExpired extends Error {}

async function googleChanges(
  deps: AppDeps,
  userId: string,
  cursor: string | null,
  now: Date,
): Promise<Changes> {
  const api = await providerApi(deps, userId, CALENDAR_TYPE.google);
  const base = `${deps.config.apis.google}/calendar/v3/calendars/primary/events`;
  const fixed: Record<string, string> = cursor
    ? { syncToken: cursor }
    : {
        timeMin: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS).toISOString(),
        timeMax: new Date(now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS).toISOString(),
      };
  const out: Changes = { events: [], removed: [], cursor: '' };
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ ...fixed, singleEvents: 'true', maxResults: '250' });
    if (pageToken) params.set('pageToken', pageToken);
    const body = await api.call<{ items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string }>({
      url: `${base}?${params}`,
      goneAs: CursorExpired,
    });
    for (const e of body.items ?? []) {
      if (e.status === 'cancelled') out.removed.push(e.id);
      else out.events.push(fromGoogleEvent(e));
    }
    if (body.nextSyncToken) return { ...out, cursor: body.nextSyncToken };
    if (!body.nextPageToken) break;
    pageToken = body.nextPageToken;
  }
  throw new HttpError(502, MEETING_DETAIL.googleListingUnfinished);
}

async function graphChanges(
  deps: AppDeps,
  userId: string,
  cursor: string | null,
  now: Date,
): Promise<Changes> {
  const api = await providerApi(deps, userId, CALENDAR_TYPE.microsoft);
  const origin = new URL(deps.config.apis.microsoftGraph).origin;
  let url =
    cursor ??
    `${deps.config.apis.microsoftGraph}/v1.0/me/calendarView/delta?${new URLSearchParams({
      startDateTime: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS).toISOString(),
      endDateTime: new Date(now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS).toISOString(),
    })}`;
  const out: Changes = { events: [], removed: [], cursor: '' };
  for (let page = 0; page < MAX_PAGES; page++) {
    // Next and delta links come from the answer: follow them only on Graph's own host.
    if (new URL(url).origin !== origin) throw new HttpError(502, MEETING_DETAIL.outlookOtherHost);
    const body = await api.call<{
      value?: Array<GraphEvent & { '@removed'?: unknown }>;
      '@odata.nextLink'?: string;
      '@odata.deltaLink'?: string;
    }>({ url, headers: { prefer: 'outlook.timezone="UTC"' }, goneAs: CursorExpired });
    for (const e of body.value ?? []) {
      if (e['@removed'] || e.isCancelled) out.removed.push(e.id);
      else out.events.push(fromGraphEvent(e));
    }
    if (body['@odata.deltaLink']) return { ...out, cursor: body['@odata.deltaLink'] };
    if (!body['@odata.nextLink']) break;
    url = body['@odata.nextLink'];
  }
  throw new HttpError(502, MEETING_DETAIL.outlookListingUnfinished);
}

const READERS = { google: googleChanges, microsoft: graphChanges };

/** Applies one round of changes to the user's meetings. */
async function apply(deps: AppDeps, userId: string, source: Source, changes: Changes) {
  const now = deps.clock.now().toISOString();
  for (const event of changes.events) {
    const externalId = event.id.slice(source.length + 1);
    // A bot booked for the old time or link is called off; the booking job books the new one.
    const before = await repo.findByExternalId(deps.db.db, userId, source, externalId);
    if (before && (before.start_time !== (event.start || null) || before.meeting_url !== event.meeting_url))
      await emit(deps.hooks.meetingBotUnwanted, before);
    await repo.upsertCalendarMeeting(deps.db.db, {
      id: newId(),
      user_id: userId,
      source,
      external_id: externalId,
      title: event.title || null,
      start_time: event.start || null,
      end_time: event.end || null,
      meeting_url: event.meeting_url,
      participants: JSON.stringify(event.participants),
      created_at: now,
      updated_at: now,
    });
  }
  for (const externalId of changes.removed) {
    const row = await repo.findByExternalId(deps.db.db, userId, source, externalId);
    // A meeting that already has a transcript or notes is the user's record now: keep it.
    if (row && row.transcript === null && row.notes_status === 'none')
      await repo.deleteMeeting(deps.db.db, row.id);
  }
  await repo.saveSyncCursor(deps.db.db, { user_id: userId, source, cursor: changes.cursor, synced_at: now });
}

/** Syncs one calendar of one user; answers how many events changed and were removed. */
export async function syncCalendar(deps: AppDeps, userId: string, source: Source) {
  const cursor = (await repo.syncCursor(deps.db.db, userId, source))?.cursor ?? null;
  const now = deps.clock.now();
  let changes: Changes;
  try {
    changes = await READERS[source](deps, userId, cursor, now);
  } catch (err) {
    if (!(err instanceof CursorExpired) || !cursor) throw err;
    changes = await READERS[source](deps, userId, null, now);
  }
  await apply(deps, userId, source, changes);
  return { changed: changes.events.length, removed: changes.removed.length };
}

/** The periodic job: every user's connected calendars; one failing calendar does not stop the rest. */
export async function syncAllCalendars(deps: AppDeps, log: { warn(obj: object, msg: string): void }) {
  const rows = await connectedOfTypes(deps, Object.values(CALENDAR_TYPE));
  let synced = 0;
  let failed = 0;
  for (const row of rows) {
    const source: Source = row.type === CALENDAR_TYPE.google ? 'google' : 'microsoft';
    try {
      await syncCalendar(deps, row.user_id, source);
      synced += 1;
    } catch (err) {
      failed += 1;
      log.warn({ err, userId: row.user_id, source }, 'calendar sync failed');
    }
  }
  return { synced, failed };
}

/** How long a calendar's connect callback waits for its first sync. */
const FIRST_SYNC_WAIT_MS = 5_000;

/**
 * A calendar was just connected (the `connected` hook): its meetings are there when the user gets
 * back, since the callback waits for the first sync (a few seconds at most; a slow calendar
 * finishes in the background, and the periodic job keeps it).
 */
export async function syncNewCalendar(
  deps: AppDeps,
  connection: { userId: string; type: string },
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  if (!isCalendarIntegration(connection.type)) return;
  const source: Source = connection.type.startsWith('google_') ? 'google' : 'microsoft';
  const first = syncCalendar(deps, connection.userId, source).catch((err: unknown) =>
    log.warn({ err }, 'first calendar sync failed'),
  );
  await Promise.race([first, new Promise((resolve) => setTimeout(resolve, FIRST_SYNC_WAIT_MS).unref())]);
}
