// The Recall.ai bot API (or anything that speaks it): bots are booked over REST with
// `Authorization: Token {key}`, and report their status by webhooks signed the Svix way.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEETING_DETAIL } from '@knap/contracts';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../platform/errors.js';
import { type BotEvent, BotProviderError, type MeetingBotProvider, type WebhookHeaders } from './provider.js';

const TIMEOUT_MS = 15_000;
/** The status card asks on every load; a slow service must not hold it up. */
const PING_TIMEOUT_MS = 3_000;
/** Longer error answers are cut: they end up in a status line. */
const MAX_ERROR_BODY = 500;
/** Webhooks signed longer ago (or ahead) than this are refused, so a captured one cannot be replayed. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Recall's status codes in our vocabulary; codes not listed (recording permissions, analysis) are ignored. */
const STATUS_OF_CODE: Record<string, BotEvent['status']> = {
  joining_call: 'joining',
  in_waiting_room: 'joining',
  in_call_not_recording: 'joining',
  in_call_recording: 'in_call_recording',
  call_ended: 'call_ended',
  done: 'done',
  fatal: 'failed',
};

/** Why a bot failed or left early, by sub_code, in words an advisor understands. */
export const FAILURE_REASONS: Record<string, string> = {
  meeting_not_started: 'The meeting had not started when the notetaker tried to join',
  meeting_not_found: 'The meeting link did not lead to a meeting',
  meeting_link_invalid: 'The meeting link is not valid',
  meeting_link_expired: 'The meeting link has expired',
  meeting_ended: 'The meeting had already ended',
  meeting_full: 'The meeting was full',
  meeting_locked: 'The meeting was locked',
  meeting_requires_registration: 'The meeting requires registration, which the notetaker cannot do',
  meeting_requires_sign_in: 'The meeting only admits signed-in accounts',
  google_meet_sign_in_required: 'The meeting only admits signed-in Google accounts',
  zoom_meeting_password_required: 'The meeting needs a password the notetaker does not have',
  meeting_password_incorrect: 'The meeting password in the invitation was not accepted',
  bot_kicked_from_call: 'Someone removed the notetaker from the meeting',
  bot_kicked_from_waiting_room: 'The notetaker was turned away from the waiting room',
  timeout_exceeded_waiting_room: 'Nobody let the notetaker in from the waiting room',
  timeout_exceeded_noone_joined: 'Nobody else joined the meeting',
  recording_permission_denied: 'The host did not allow the notetaker to record',
  microsoft_teams_call_dropped: 'Microsoft Teams dropped the call',
};
export const UNKNOWN_FAILURE = 'The notetaker ran into a problem and could not record this meeting';

const ZCreated = z.object({ id: z.string().min(1) });
const ZTranscript = z.array(
  z.object({
    speaker: z.string().nullish(),
    words: z.array(z.object({ text: z.string() })),
  }),
);
const ZWebhook = z.object({
  event: z.string(),
  data: z.unknown(),
});
const ZStatusChange = z.object({
  bot_id: z.string().min(1),
  status: z.object({
    code: z.string(),
    sub_code: z.string().nullish(),
    message: z.string().nullish(),
  }),
});

export function createRecallProvider(
  api: NonNullable<Config['meetingBot']['api']>,
  botName: string,
): MeetingBotProvider {
  const send = (method: string, path: string, body?: unknown, timeoutMs = TIMEOUT_MS) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: {
        authorization: `Token ${api.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(() => {
      throw new BotProviderError(null, 'The meeting bot service did not answer');
    });
  const botPath = (id: string, action = '') => `/api/v1/bot/${encodeURIComponent(id)}/${action}`;

  return {
    kind: 'recall',
    async createBot({ meetingUrl, joinAt, metadata }) {
      const res = await send('POST', '/api/v1/bot/', {
        meeting_url: meetingUrl,
        join_at: joinAt.toISOString(),
        bot_name: botName,
        metadata,
        // The meeting platform's own captions: a transcript without a transcription vendor account.
        transcription_options: { provider: 'meeting_captions' },
      });
      if (!res.ok) throw await failure(res);
      const created = ZCreated.safeParse(await res.json().catch(() => null));
      if (!created.success) throw new BotProviderError(res.status, 'The meeting bot service sent no bot id');
      return { id: created.data.id };
    },
    async deleteBot(id) {
      const res = await send('DELETE', botPath(id));
      if (await gone(res)) return;
      // DELETE only calls off a bot that has not set out; one that has must be asked to leave.
      if (![400, 405, 409].includes(res.status)) throw await failure(res);
      const left = await send('POST', botPath(id, 'leave_call/'));
      if (!(await gone(left))) throw await failure(left);
    },
    async fetchTranscript(id) {
      const res = await send('GET', botPath(id, 'transcript/'));
      if (!res.ok) throw await failure(res);
      const segments = ZTranscript.safeParse(await res.json().catch(() => null));
      if (!segments.success)
        throw new BotProviderError(res.status, 'The meeting bot service sent an unreadable transcript');
      return segments.data
        .map((s) => ({ speaker: s.speaker?.trim() || 'Unknown speaker', text: joinWords(s.words) }))
        .filter((s) => s.text)
        .map((s) => `${s.speaker}: ${s.text}`)
        .join('\n');
    },
    async isReachable() {
      const res = await send('GET', '/api/v1/bot/?page_size=1', undefined, PING_TIMEOUT_MS).catch(() => null);
      await res?.body?.cancel().catch(() => undefined);
      return res?.ok === true;
    },
    parseWebhook(headers, rawBody, now) {
      verifySignature(api.webhookSecret, headers, rawBody, now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new HttpError(400, MEETING_DETAIL.webhookNotJson);
      }
      const webhook = ZWebhook.safeParse(json);
      if (!webhook.success) throw new HttpError(400, MEETING_DETAIL.webhookNotEvent);
      if (webhook.data.event !== 'bot.status_change') return null;
      const change = ZStatusChange.safeParse(webhook.data.data);
      if (!change.success) throw new HttpError(400, MEETING_DETAIL.webhookNotStatus);
      const { bot_id, status } = change.data;
      const mapped = STATUS_OF_CODE[status.code];
      if (!mapped) return null;
      const known = status.sub_code ? FAILURE_REASONS[status.sub_code] : undefined;
      // A call that ends normally (the host ended it, everyone left) has no reason; a fatal one always does.
      const reason =
        mapped === 'failed' ? (known ?? UNKNOWN_FAILURE) : mapped === 'call_ended' ? (known ?? null) : null;
      return { botId: bot_id, status: mapped, reason };
    },
  };
}

const joinWords = (words: Array<{ text: string }>) =>
  words
    .map((w) => w.text.trim())
    .filter(Boolean)
    .join(' ');

/** A success, or the bot is already gone (404): either way there is nothing left to stop. */
async function gone(res: Response): Promise<boolean> {
  if (!res.ok && res.status !== 404) return false;
  await res.body?.cancel().catch(() => undefined);
  return true;
}

async function failure(res: Response): Promise<BotProviderError> {
  const body = (await res.text().catch(() => '')).trim().slice(0, MAX_ERROR_BODY);
  return new BotProviderError(res.status, body || `${res.status} ${res.statusText}`);
}

/** Svix secrets come as `whsec_` + base64 of the key; anything else is used as it is. */
export const webhookSigningKey = (secret: string): Buffer =>
  secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');

function header(headers: WebhookHeaders, name: string): string | undefined {
  // Svix sends its headers with either prefix.
  const value = headers[`webhook-${name}`] ?? headers[`svix-${name}`];
  return Array.isArray(value) ? value[0] : value;
}

/** Throws 401 unless the body was signed with our secret within the tolerance. */
function verifySignature(secret: string, headers: WebhookHeaders, body: string, now: Date): void {
  const id = header(headers, 'id');
  const timestamp = header(headers, 'timestamp');
  const signatures = header(headers, 'signature');
  if (!id || !timestamp || !signatures) throw new HttpError(401, MEETING_DETAIL.webhookUnsigned);
  const sentAt = Number(timestamp) * 1000;
  if (!Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > WEBHOOK_TOLERANCE_MS) {
    throw new HttpError(401, MEETING_DETAIL.webhookTooOld);
  }
  const expected = createHmac('sha256', webhookSigningKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  // Several signatures may be sent while a secret is being rotated; one valid one is enough.
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new HttpError(401, MEETING_DETAIL.webhookBadSignature);
}
