// What the notetaker needs from a bot service, whichever one is configured: book a bot for a
// meeting, call it off, read what it heard, and learn where it is. Providers translate their own
// status codes into BotEvent, so the rest of the module never sees a provider's vocabulary.

/** A bot's progress as the meeting sees it. */
export interface BotEvent {
  botId: string;
  /**
   * joining / in_call_recording / done / failed become the meeting's bot_status; call_ended is the
   * bot leaving (done follows once the recording is processed) and only matters for its reason.
   */
  status: 'joining' | 'in_call_recording' | 'call_ended' | 'done' | 'failed';
  /** Why the bot failed or left early, in plain words; null when nothing went wrong. */
  reason: string | null;
}

export interface MeetingBotProvider {
  kind: 'recall' | 'simulator';
  createBot(input: { meetingUrl: string; joinAt: Date; metadata: Record<string, string> }): Promise<{
    id: string;
  }>;
  /** Calls the bot off, or makes it leave if it is already in the call; a bot already gone is fine. */
  deleteBot(id: string): Promise<void>;
  /** Plain "Speaker: words" lines; empty when nobody spoke. */
  fetchTranscript(id: string): Promise<string>;
  /** Whether the service is configured right and answering (for the status card). */
  isReachable(): Promise<boolean>;
  /**
   * Verifies a status webhook and reads it; null for an event that is not about a bot's status.
   * Throws HttpError 401 when it is not provably from the service (nothing of it is applied), 400
   * when it is but cannot be read. Absent when the service sends no webhooks (the simulator steps
   * its bots itself).
   */
  parseWebhook?(headers: WebhookHeaders, rawBody: string, now: Date): BotEvent | null;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** The bot service refused or did not answer; `body` is what it said (shown to the user). */
export class BotProviderError extends Error {
  constructor(
    /** The HTTP status it answered; null when it did not answer at all. */
    readonly status: number | null,
    readonly body: string,
  ) {
    super(`meeting bot service: ${status ?? 'no answer'} ${body}`);
  }

  /**
   * The service turned this meeting down (a link it cannot join): asking again will not help. An
   * outage, throttling or our own bad key is not the meeting's fault and is worth another try.
   */
  get refusedMeeting(): boolean {
    const s = this.status;
    return s !== null && s >= 400 && s < 500 && ![401, 403, 408, 429].includes(s);
  }
}
