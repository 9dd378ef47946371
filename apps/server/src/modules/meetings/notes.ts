// Meeting notes: when a transcript arrives, the configured model writes a summary, decisions,
// action items with owners, and client facts worth keeping. The answer is read tolerantly (fenced
// or bare JSON) and checked against the notes schema; anything else marks the notes failed.
import { ZMeetingNotesContent } from '@knap/contracts';
import { generateText } from 'ai';
import type { AppDeps } from '../../platform/deps.js';
import { parseModelJson } from '../../platform/llm/json-output.js';
import { promptFor } from '../../platform/llm/tasks.js';
import { meteredModelCall, modelMeter } from '../credits/service.js';
import { NOTES_PROMPT } from './prompts.js';
import * as repo from './repo.js';

/** The model reads at most this much of a transcript (the start of very long meetings). */
const MAX_PROMPT_CHARS = 200_000;

/** Writes the notes of a meeting from its transcript; the meeting ends 'ready' or 'failed'. */
export async function generateMeetingNotes(deps: AppDeps, meetingId: string): Promise<void> {
  const row = await repo.findMeetingById(deps.db.db, meetingId);
  if (!row?.transcript) return;
  const { transcript } = row;
  const stamp = () => deps.clock.now().toISOString();
  await repo.updateMeeting(deps.db.db, row.id, { notes_status: 'generating', updated_at: stamp() });
  let notes = null;
  try {
    // Charged to the meeting's owner like any model call (not rate-limited: the upload that asked
    // for these notes was), and not written without credits.
    const text = await meteredModelCall(
      deps,
      modelMeter(row.user_id, 'meeting notes', 'skip'),
      async () =>
        (
          await generateText({
            model: deps.llm,
            ...promptFor(NOTES_PROMPT),
            prompt: transcript.slice(0, MAX_PROMPT_CHARS),
            maxRetries: deps.config.llm.maxRetries,
            abortSignal: AbortSignal.timeout(deps.config.llm.timeoutMs * 2),
          })
        ).text,
    );
    notes = parseModelJson(text, ZMeetingNotesContent);
  } catch {
    notes = null;
  }
  await repo.updateMeeting(deps.db.db, row.id, {
    notes: notes ? JSON.stringify(notes) : null,
    notes_status: notes ? 'ready' : 'failed',
    updated_at: stamp(),
  });
}

/**
 * Notes left 'generating' by a process that died (or a model that never answered) are written
 * again; run by a periodic job.
 */
export async function resumeStuckNotes(deps: AppDeps): Promise<{ resumed: number }> {
  const before = new Date(deps.clock.now().getTime() - 4 * deps.config.llm.timeoutMs).toISOString();
  const stuck = await repo.stuckNotes(deps.db.db, before, 20);
  for (const { id } of stuck) await generateMeetingNotes(deps, id);
  return { resumed: stuck.length };
}
