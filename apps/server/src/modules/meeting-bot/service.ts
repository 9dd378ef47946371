// The meeting bot's life through the bot service (a Recall-style API, or the local simulator):
// booked, called off, moved along by the service's reports, and the user's status that results.
// Every change is a compare-and-set on the meeting, so webhooks delivered twice or out of order,
// the scheduler and the toggle may all run at once without booking two bots or going backwards.
import type { BotStatusUpdateMessage, MeetingBotStatus, TBotStatusResponse } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Updateable } from 'kysely';
import type { MeetingRow, MeetingsTable, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { generateMeetingNotes } from '../meetings/notes.js';
import { findMeetingRow } from '../meetings/service.js';
import { type BotEvent, BotProviderError, type MeetingBotProvider } from './provider.js';
import { createRecallProvider } from './recall.js';
import * as repo from './repo.js';
import { createSimulatorProvider } from './simulator.js';

/** Bot states in which a bot is still on its way to (or in) the meeting. */
export const LIVE_BOT_STATUSES = ['scheduled', 'joining', 'in_call_recording'] as const;
const isLive = (status: MeetingBotStatus | null) =>
  status !== null && (LIVE_BOT_STATUSES as readonly string[]).includes(status);

/** How far along a bot is: a report of an earlier step arriving late never moves it back. */
const PROGRESS: Record<MeetingBotStatus, number> = {
  scheduled: 0,
  joining: 1,
  in_call_recording: 2,
  done: 3,
  failed: 3,
  cancelled: 3,
};

/** The status card shows 'error' while the user's last bot failed less than this long ago. */
export const ERROR_SHOWN_MS = 60 * 60_000;
/** service_active is asked again after this long, not on every status call. */
const REACHABLE_CACHE_MS = 30_000;
export const NO_SPEECH = 'The notetaker heard nobody speak in this meeting';

type Log = Pick<FastifyBaseLogger, 'error'>;

export interface MeetingBot {
  provider: MeetingBotProvider;
  reachable: { at: number; value: Promise<boolean> } | null;
  /** Notes being written after a bot finished; closing the app waits for them. */
  pending: Set<Promise<void>>;
}

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** The meeting bot service this app talks to (Recall-style API or the simulator). */
    meetingBot: MeetingBot;
  }
}

/** The app's meeting bot, made from its config (buildApp). */
export function createMeetingBot(config: AppDeps['config']): MeetingBot {
  const { api, botName } = config.meetingBot;
  return {
    provider: api ? createRecallProvider(api, botName) : createSimulatorProvider(),
    reachable: null,
    pending: new Set(),
  };
}

export const botProvider = (deps: AppDeps): MeetingBotProvider => deps.meetingBot.provider;

export async function settleBackgroundWork(deps: AppDeps): Promise<void> {
  await Promise.allSettled([...deps.meetingBot.pending]);
}

/** A failure of the bot service as the API answers it: 502 with what the service said. */
export const providerFailure = (e: unknown): unknown =>
  e instanceof BotProviderError ? new HttpError(502, e.body) : e;

/**
 * Books a bot for a meeting. The meeting is claimed before the service is asked, so a second
 * booker backs off instead of booking a second bot. Answers the booked meeting, or null when
 * someone else got there first or the booking was called off meanwhile.
 */
export async function bookBot(deps: AppDeps, meeting: MeetingRow): Promise<MeetingRow | null> {
  const { db } = deps.db;
  const now = deps.clock.now();
  const updated_at = now.toISOString();
  const claimed = await repo.claimForBooking(db, meeting.id, meeting.bot_status, updated_at);
  if (!claimed) return null;
  let botId: string;
  try {
    const start = meeting.start_time ? Date.parse(meeting.start_time) : now.getTime();
    ({ id: botId } = await botProvider(deps).createBot({
      meetingUrl: meeting.meeting_url ?? '',
      joinAt: new Date(Math.max(start, now.getTime())),
      metadata: { meeting_id: meeting.id },
    }));
  } catch (e) {
    const { bot_status, bot_id, bot_error } = meeting;
    await repo.moveBot(db, meeting.id, ['scheduled'], { bot_status, bot_id, bot_error, updated_at });
    throw e;
  }
  if (!(await repo.attachBot(db, meeting.id, botId, updated_at))) {
    // Called off (made private, notetaker switched off) while the service was booking it.
    await botProvider(deps)
      .deleteBot(botId)
      .catch((e: unknown) => {
        // Not a refusal of the booking (the job would mark the meeting failed): a stray bot to report.
        throw new Error(`bot ${botId} of a meeting called off while booking could not be deleted`, {
          cause: e,
        });
      });
    return null;
  }
  await publishStatus(deps, meeting.user_id);
  return { ...meeting, bot_status: 'scheduled', bot_id: botId, bot_error: null, updated_at };
}

/** Stops a meeting's bot if it has one on its way or in the call; the meeting keeps 'cancelled'. */
export async function cancelMeetingBot(deps: AppDeps, meeting: Pick<MeetingRow, 'id' | 'user_id'>) {
  // Read again: a booking may have finished since the caller read the meeting.
  const current = await findMeetingRow(deps, meeting.user_id, meeting.id);
  if (!current || !isLive(current.bot_status)) return;
  // The service first: if it cannot be reached the bot stays live here, so asking again retries.
  if (current.bot_id) await botProvider(deps).deleteBot(current.bot_id).catch(rethrowAsHttp);
  const moved = await repo.moveBot(deps.db.db, current.id, LIVE_BOT_STATUSES, {
    bot_status: 'cancelled',
    updated_at: deps.clock.now().toISOString(),
  });
  if (moved) await publishStatus(deps, current.user_id);
}

const rethrowAsHttp = (e: unknown): never => {
  throw providerFailure(e);
};

/** Marks a meeting's bot failed with a reason (the service refused it). */
export async function failBot(deps: AppDeps, meeting: MeetingRow, reason: string): Promise<void> {
  const patch = {
    bot_status: 'failed' as const,
    bot_error: reason,
    updated_at: deps.clock.now().toISOString(),
  };
  if (await repo.moveBot(deps.db.db, meeting.id, [meeting.bot_status], patch)) {
    await publishStatus(deps, meeting.user_id);
  }
}

/**
 * Applies what the service reported about a bot; answers whether anything changed. Reports about
 * unknown bots (booked elsewhere, or their meeting deleted), finished bots, and private meetings
 * (their bot was called off; what it heard is not kept) are ignored.
 */
export async function applyBotEvent(deps: AppDeps, event: BotEvent, log: Log): Promise<boolean> {
  const { db } = deps.db;
  const meeting = await repo.findByBotId(db, event.botId);
  if (!meeting || !isLive(meeting.bot_status) || meeting.user_private_meeting === 1) return false;
  const from = meeting.bot_status as MeetingBotStatus;
  let patch: Updateable<MeetingsTable>;
  switch (event.status) {
    case 'call_ended':
      // Leaving early is kept as the reason; the status moves once the recording is done.
      if (!event.reason || event.reason === meeting.bot_error) return false;
      patch = { bot_error: event.reason };
      break;
    case 'done': {
      const transcript = (await botProvider(deps).fetchTranscript(event.botId)).trim();
      patch = transcript
        ? { bot_status: 'done', transcript }
        : { bot_status: 'failed', bot_error: meeting.bot_error ?? NO_SPEECH };
      break;
    }
    case 'failed':
      patch = { bot_status: 'failed', bot_error: event.reason };
      break;
    default:
      if (PROGRESS[event.status] <= PROGRESS[from]) return false;
      patch = { bot_status: event.status };
  }
  const moved = await repo.moveBot(db, meeting.id, [from], {
    ...patch,
    updated_at: deps.clock.now().toISOString(),
  });
  if (!moved) return false;
  if (patch.bot_status === 'done') writeNotesInBackground(deps, meeting.id, log);
  if (patch.bot_status) await publishStatus(deps, meeting.user_id);
  return true;
}

/** Writing notes takes a model call: the bot service's webhook is answered without waiting for it. */
function writeNotesInBackground(deps: AppDeps, meetingId: string, log: Log): void {
  const { pending } = deps.meetingBot;
  const work = generateMeetingNotes(deps, meetingId)
    .catch((err: unknown) => log.error({ err, meetingId }, 'meeting notes failed'))
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** What the user's bots are doing, as the websocket pushes it. */
export async function botActivity(deps: AppDeps, userId: string): Promise<BotStatusUpdateMessage['status']> {
  const { db } = deps.db;
  const recording = await repo.recordingMeeting(db, userId);
  if (recording) {
    return { status: 'active', isActive: true, lastActivity: recording.updated_at, errorMessage: null };
  }
  const last = await repo.lastFinishedBot(db, userId);
  const failedLately =
    last?.bot_status === 'failed' &&
    deps.clock.now().getTime() - Date.parse(last.updated_at) < ERROR_SHOWN_MS;
  return {
    status: failedLately ? 'error' : 'idle',
    isActive: false,
    lastActivity: last?.updated_at ?? null,
    errorMessage: failedLately ? last.bot_error : null,
  };
}

export async function statusUpdate(deps: AppDeps, userId: string): Promise<BotStatusUpdateMessage> {
  return { type: 'status_update', status: await botActivity(deps, userId) };
}

async function publishStatus(deps: AppDeps, userId: string): Promise<void> {
  deps.events.publish(userId, await statusUpdate(deps, userId));
}

export async function botStatus(deps: AppDeps, user: UserRow): Promise<TBotStatusResponse> {
  return {
    meeting_notetaker_enabled: user.meeting_notetaker_enabled === 1,
    service_active: await serviceActive(deps),
    status: (await botActivity(deps, user.id)).status,
  };
}

/** Whether the bot service answers; the answer is shared for a while (the card asks on every load). */
function serviceActive(deps: AppDeps): Promise<boolean> {
  const m = deps.meetingBot;
  const now = deps.clock.now().getTime();
  if (!m.reachable || now - m.reachable.at >= REACHABLE_CACHE_MS) {
    m.reachable = { at: now, value: m.provider.isReachable() };
  }
  return m.reachable.value;
}
