// The meeting bot: which meetings get one, and its life through the bot provider.
import type { AppDeps } from '../../app.js';
import type { MeetingRow } from '../../platform/db/schema.js';

/** Bot states in which a bot is still on its way to (or in) the meeting. */
export const LIVE_BOT_STATUSES = ['scheduled', 'joining', 'in_call_recording'] as const;

/** Stops a meeting's bot if it has one on its way; the meeting keeps 'cancelled'. */
export async function cancelMeetingBot(deps: AppDeps, meeting: MeetingRow): Promise<void> {
  if (!meeting.bot_status || !(LIVE_BOT_STATUSES as readonly string[]).includes(meeting.bot_status)) return;
  await deps.db.db
    .updateTable('meetings')
    .set({ bot_status: 'cancelled', updated_at: deps.clock.now().toISOString() })
    .where('id', '=', meeting.id)
    .execute();
}
