// SQL for meeting bots: finding the meetings that need one, and moving a bot from state to state.
import type { MeetingBotStatus } from '@knap/contracts';
import type { Kysely, Updateable, UpdateResult } from 'kysely';
import type { Database, MeetingsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

const changed = (result: UpdateResult) => Number(result.numUpdatedRows) > 0;

export const findByBotId = (db: Q, botId: string) =>
  db.selectFrom('meetings').selectAll().where('bot_id', '=', botId).executeTakeFirst();

/**
 * Compare-and-set: changes the meeting only while its bot is still in one of `from` (null: no bot),
 * so two writers (a webhook retried, the scheduler and a toggle) never both act. Answers whether
 * this call made the change.
 */
export async function moveBot(
  db: Q,
  id: string,
  from: ReadonlyArray<MeetingBotStatus | null>,
  patch: Updateable<MeetingsTable>,
): Promise<boolean> {
  const statuses = from.filter((s): s is MeetingBotStatus => s !== null);
  const result = await db
    .updateTable('meetings')
    .set(patch)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        ...(statuses.length ? [eb('bot_status', 'in', statuses)] : []),
        ...(from.includes(null) ? [eb('bot_status', 'is', null)] : []),
      ]),
    )
    .executeTakeFirst();
  return changed(result);
}

/**
 * Takes a meeting for booking ('scheduled', no bot id yet) if its bot is still as `from` and the
 * meeting still public: a meeting made private in the meantime is not booked.
 */
export async function claimForBooking(db: Q, id: string, from: MeetingBotStatus | null, nowIso: string) {
  const result = await db
    .updateTable('meetings')
    .set({ bot_status: 'scheduled', bot_id: null, bot_error: null, updated_at: nowIso })
    .where('id', '=', id)
    .where('user_private_meeting', '=', 0)
    .where((eb) => (from === null ? eb('bot_status', 'is', null) : eb('bot_status', '=', from)))
    .executeTakeFirst();
  return changed(result);
}

/** Records the bot the service booked, unless the booking was called off while it was being made. */
export async function attachBot(db: Q, id: string, botId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set({ bot_id: botId, updated_at: nowIso })
    .where('id', '=', id)
    .where('bot_status', '=', 'scheduled')
    .where('bot_id', 'is', null)
    .where('user_private_meeting', '=', 0)
    .executeTakeFirst();
  return changed(result);
}

/**
 * Meetings that should get a bot now: starting between `from` and `to`, not over, with a link, not
 * private, and without a bot (a cancelled one may be booked again: the meeting went back to
 * public, or the notetaker was switched back on). Of users with the notetaker on, or of one user.
 */
export const dueMeetings = (db: Q, window: { from: string; to: string; now: string }, userId?: string) =>
  db
    .selectFrom('meetings')
    .innerJoin('users', 'users.id', 'meetings.user_id')
    .selectAll('meetings')
    .where((eb) =>
      userId ? eb('meetings.user_id', '=', userId) : eb('users.meeting_notetaker_enabled', '=', 1),
    )
    .where('meetings.user_private_meeting', '=', 0)
    .where('meetings.meeting_url', 'is not', null)
    .where('meetings.meeting_url', '!=', '')
    .where((eb) =>
      eb.or([eb('meetings.bot_status', 'is', null), eb('meetings.bot_status', '=', 'cancelled')]),
    )
    .where('meetings.start_time', '>=', window.from)
    .where('meetings.start_time', '<=', window.to)
    .where((eb) => eb.or([eb('meetings.end_time', 'is', null), eb('meetings.end_time', '>', window.now)]))
    .orderBy('meetings.start_time')
    .limit(200)
    .execute();

export const meetingsWithBotStatus = (db: Q, userId: string, status: MeetingBotStatus) =>
  db
    .selectFrom('meetings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('bot_status', '=', status)
    .execute();

/** Simulated bots still on their way or in their meeting. */
export const liveSimulatedBots = (db: Q, prefix: string, live: readonly MeetingBotStatus[]) =>
  db
    .selectFrom('meetings')
    .select(['bot_id', 'bot_status', 'start_time', 'end_time'])
    .where('bot_id', 'like', `${prefix}%`)
    .where('bot_status', 'in', live)
    .where('start_time', 'is not', null)
    .execute();

export const recordingMeeting = (db: Q, userId: string) =>
  db
    .selectFrom('meetings')
    .select(['updated_at'])
    .where('user_id', '=', userId)
    .where('bot_status', '=', 'in_call_recording')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The bot of the user's latest meeting that has finished, one way or the other. */
export const lastFinishedBot = (db: Q, userId: string) =>
  db
    .selectFrom('meetings')
    .select(['bot_status', 'bot_error', 'updated_at'])
    .where('user_id', '=', userId)
    .where('bot_status', 'in', ['done', 'failed'])
    .where('start_time', 'is not', null)
    .orderBy('start_time', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
