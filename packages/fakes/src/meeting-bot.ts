// A Recall.ai-style meeting bot API on loopback: bots booked and called off over REST
// (`Authorization: Token {key}`), their status driven by the test and reported to the app as
// Svix-signed webhooks, and a seeded transcript.
import { createHmac, randomUUID } from 'node:crypto';
import { type FakeServer, sendJson, startFakeServer } from './http.js';

export interface FakeBot {
  id: string;
  meeting_url: string;
  join_at: string | null;
  bot_name: string | null;
  metadata: Record<string, string>;
  /** The last status code the test drove it to ('ready' until then). */
  status: string;
  deleted: boolean;
  left: boolean;
}

export interface FakeTranscriptSegment {
  speaker: string | null;
  words: Array<{ text: string }>;
}

export interface WebhookOptions {
  /** Sign with a secret other than the app's. */
  badSignature?: boolean;
  /** Seconds since the epoch to sign with (default: now). */
  timestamp?: number;
}

export interface FakeMeetingBotApi extends FakeServer {
  apiKey: string;
  /** Where webhooks go; settable once the app is listening. */
  webhookUrl: string;
  bots: FakeBot[];
  /** What GET …/transcript/ answers for every bot. */
  transcript: FakeTranscriptSegment[];
  /** The next API call answers `status` with `body` instead (a refusal or an outage). */
  failNext(status: number, body: string): void;
  /** Moves a bot to a status code and reports it to the app; answers the app's reply. */
  advance(
    botId: string,
    code: string,
    subCode?: string | null,
    options?: WebhookOptions,
  ): Promise<{ status: number; body: string }>;
  /** Posts any webhook payload, signed (or not) as `options` say. */
  sendWebhook(payload: unknown, options?: WebhookOptions): Promise<{ status: number; body: string }>;
}

export const SAMPLE_BOT_TRANSCRIPT: FakeTranscriptSegment[] = [
  {
    speaker: 'Jordan Ellis',
    words: [{ text: 'Shall' }, { text: 'we' }, { text: 'review' }, { text: 'the' }, { text: 'portfolio?' }],
  },
  { speaker: 'Maria Chen', words: [{ text: 'Yes,' }, { text: 'and' }, { text: "Emma's" }, { text: '529.' }] },
];

/** Svix secrets come as `whsec_` + base64 of the key; anything else is used as it is. */
const signingKey = (secret: string) =>
  secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');

export async function startFakeMeetingBotApi(options: {
  webhookUrl?: string;
  webhookSecret: string;
  apiKey?: string;
  /** The clock webhooks are signed by (an app on a fixed clock checks their age against it). */
  now?: () => number;
}): Promise<FakeMeetingBotApi> {
  const now = options.now ?? Date.now;
  const apiKey = options.apiKey ?? 'fake-bot-key';
  const bots: FakeBot[] = [];
  let failure: { status: number; body: string } | null = null;

  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization !== `Token ${apiKey}`) {
      return sendJson(res, 401, { detail: 'Invalid token.' });
    }
    if (failure) {
      const { status, body: text } = failure;
      failure = null;
      res.writeHead(status, { 'content-type': 'application/json' });
      return res.end(text);
    }
    if (url.pathname === '/api/v1/bot/' && req.method === 'GET') {
      return sendJson(res, 200, { results: bots.slice(0, Number(url.searchParams.get('page_size') ?? 50)) });
    }
    if (url.pathname === '/api/v1/bot/' && req.method === 'POST') {
      const input = JSON.parse(body || '{}') as Partial<FakeBot>;
      if (!input.meeting_url) return sendJson(res, 400, { meeting_url: ['This field is required.'] });
      const bot: FakeBot = {
        id: randomUUID(),
        meeting_url: input.meeting_url,
        join_at: input.join_at ?? null,
        bot_name: input.bot_name ?? null,
        metadata: input.metadata ?? {},
        status: 'ready',
        deleted: false,
        left: false,
      };
      bots.push(bot);
      return sendJson(res, 201, bot);
    }
    const match = /^\/api\/v1\/bot\/([^/]+)\/(leave_call\/|transcript\/)?$/.exec(url.pathname);
    const bot = match ? bots.find((b) => b.id === decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !bot || bot.deleted) return sendJson(res, 404, { detail: 'Not found.' });
    if (!match[2] && req.method === 'DELETE') {
      if (bot.status !== 'ready') {
        return sendJson(res, 405, { detail: 'Cannot delete a bot that has already joined a call.' });
      }
      bot.deleted = true;
      res.writeHead(204);
      return res.end();
    }
    if (match[2] === 'leave_call/' && req.method === 'POST') {
      bot.left = true;
      return sendJson(res, 200, bot);
    }
    if (match[2] === 'transcript/' && req.method === 'GET') return sendJson(res, 200, api.transcript);
    return sendJson(res, 405, { detail: 'Method not allowed.' });
  });

  async function sendWebhook(payload: unknown, opts: WebhookOptions = {}) {
    const body = JSON.stringify(payload);
    const id = `msg_${randomUUID()}`;
    const timestamp = String(opts.timestamp ?? Math.floor(now() / 1000));
    const key = opts.badSignature ? Buffer.from('not-the-webhook-secret') : signingKey(options.webhookSecret);
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    const res = await fetch(api.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  const api: FakeMeetingBotApi = {
    ...server,
    apiKey,
    webhookUrl: options.webhookUrl ?? '',
    bots,
    transcript: SAMPLE_BOT_TRANSCRIPT.map((s) => ({ ...s, words: [...s.words] })),
    failNext(status, body) {
      failure = { status, body };
    },
    async advance(botId, code, subCode = null, opts = {}) {
      const bot = bots.find((b) => b.id === botId);
      // A signed-wrong report must not move the fake either: the app is meant to ignore it.
      if (bot && !opts.badSignature) bot.status = code;
      return sendWebhook(
        {
          event: 'bot.status_change',
          data: {
            bot_id: botId,
            status: { code, sub_code: subCode, message: null, created_at: new Date(now()).toISOString() },
          },
        },
        opts,
      );
    },
    sendWebhook,
  };
  return api;
}
