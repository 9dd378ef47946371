// Hooks: how a module lets others act on its events without importing them (which would close an
// import cycle). app.ts, the composition root, registers the listeners.
import type { PlanTier } from '@knap/contracts';
import type { Kysely } from 'kysely';
import type { Database, MeetingRow } from './db/schema.js';

export interface AppHooks {
  /**
   * An unverified account was claimed by the provider-verified owner of its address: whatever the
   * previous holder set up that leads outside (connections, custom tool URLs) must go.
   */
  accountClaimed: Array<(userId: string) => Promise<void>>;
  /**
   * A credit period of `plan` starts (billing: a plan change, or a paid Stripe invoice), once per
   * `ref`, written through `db`: the transaction the change is part of, when there is one.
   */
  planChanged: Array<
    (change: {
      userId: string;
      plan: PlanTier;
      ref: string;
      reason: string;
      db: Kysely<Database>;
    }) => Promise<void>
  >;
  /**
   * A meeting's notetaker must not go ahead as booked (made private, moved, or its link changed):
   * the meeting-bot module calls a booked bot off (meetings does not import it).
   */
  meetingBotUnwanted: Array<(meeting: Pick<MeetingRow, 'id' | 'user_id'>) => Promise<void>>;
  /**
   * A connection was just made (connections): a calendar's meetings are synced for the first time
   * (the meetings module listens; the browser's callback waits a few seconds for it).
   */
  connected: Array<(connection: { userId: string; type: string }) => Promise<void>>;
}

export const emptyHooks = (): AppHooks => ({
  accountClaimed: [],
  planChanged: [],
  meetingBotUnwanted: [],
  connected: [],
});

/** Runs a hook's listeners in turn. */
export async function emit<T>(listeners: Array<(value: T) => Promise<void>>, value: T): Promise<void> {
  for (const listener of listeners) await listener(value);
}
