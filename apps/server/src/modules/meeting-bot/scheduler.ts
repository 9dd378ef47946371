// When bots are booked and called off: the every-minute booking job, the notetaker toggle, and the
// simulator's steps.
//
// Booking window: a meeting gets its bot once it starts within BOOKING_LEAD_MS (15 minutes), or
// started at most LATE_JOIN_MS (5 minutes) ago and has not ended: a late bot still catches most
// of it. The job runs every minute, so a meeting synced well ahead is booked about 15 minutes
// before it starts (Recall treats bots booked 10+ minutes ahead as scheduled, guaranteed ones),
// and a meeting added at the last minute still gets a bot within a minute.
import type { FastifyBaseLogger } from 'fastify';
import type { MeetingRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { updateNotetakerEnabled } from '../users/service.js';
import { BotProviderError } from './provider.js';
import * as repo from './repo.js';
import {
  applyBotEvent,
  bookBot,
  botProvider,
  cancelMeetingBot,
  failBot,
  LIVE_BOT_STATUSES,
  providerFailure,
} from './service.js';
import { SIMULATED_BOT_PREFIX, simulatedEvents } from './simulator.js';

export const BOOKING_LEAD_MS = 15 * 60_000;
export const LATE_JOIN_MS = 5 * 60_000;
export const BOOKING_JOB = { name: 'meeting-bot.book', everyMs: 60_000 } as const;
export const SIMULATOR_JOB = { name: 'meeting-bot.simulate', everyMs: 10_000 } as const;

function dueMeetings(deps: AppDeps, userId?: string): Promise<MeetingRow[]> {
  const now = deps.clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const window = { from: iso(now - LATE_JOIN_MS), to: iso(now + BOOKING_LEAD_MS), now: iso(now) };
  return repo.dueMeetings(deps.db.db, window, userId);
}

/** The job: books bots for every user with the notetaker on. One meeting failing does not stop the rest. */
export async function bookUpcomingBots(deps: AppDeps) {
  const result = { booked: 0, refused: 0, retrying: 0 };
  for (const meeting of await dueMeetings(deps)) {
    try {
      if (await bookBot(deps, meeting)) result.booked += 1;
    } catch (e) {
      if (!(e instanceof BotProviderError)) throw e;
      // A meeting the service refuses is refused again next minute: say why and stop asking.
      // An outage may pass, so the meeting is left as it was for the next run.
      if (e.refusedMeeting) {
        await failBot(deps, meeting, `The notetaker service could not book this meeting: ${e.body}`);
        result.refused += 1;
      } else {
        result.retrying += 1;
      }
    }
  }
  return result;
}

/**
 * The toggle (HTTP and websocket). On: books the user's imminent meetings right away; off: calls
 * off bots that have not set out (one already in a meeting finishes it). If the service fails,
 * 502 with what it said, the setting stays as it was, and bots booked by this call are called off.
 */
export async function setNotetaker(deps: AppDeps, userId: string, enabled: boolean) {
  if (enabled) {
    const booked: MeetingRow[] = [];
    try {
      for (const meeting of await dueMeetings(deps, userId)) {
        const done = await bookBot(deps, meeting);
        if (done) booked.push(done);
      }
    } catch (e) {
      // Best effort: the failure the user must see is the one that stopped the booking.
      for (const meeting of booked) await cancelMeetingBot(deps, meeting).catch(() => undefined);
      throw providerFailure(e);
    }
  } else {
    for (const meeting of await repo.meetingsWithBotStatus(deps.db.db, userId, 'scheduled')) {
      await cancelMeetingBot(deps, meeting);
    }
  }
  await updateNotetakerEnabled(deps, userId, enabled);
  return { enabled };
}

/** The simulator's clock tick: moves every simulated bot to where its meeting's times say it is. */
export async function stepSimulatedBots(deps: AppDeps, log: Pick<FastifyBaseLogger, 'error'>) {
  const rows = await repo.liveSimulatedBots(deps.db.db, SIMULATED_BOT_PREFIX, LIVE_BOT_STATUSES);
  const bots = rows.flatMap((r) =>
    r.bot_id && r.bot_status && r.start_time
      ? [{ botId: r.bot_id, status: r.bot_status, startTime: r.start_time, endTime: r.end_time }]
      : [],
  );
  let applied = 0;
  for (const event of simulatedEvents(bots, deps.clock.now())) {
    if (await applyBotEvent(deps, event, log)) applied += 1;
  }
  return { applied };
}

/** Whether this app runs the simulator (and so its step job). */
export const simulating = (deps: AppDeps) => botProvider(deps).kind === 'simulator';
