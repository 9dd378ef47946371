// Seed helpers for the meeting bot: meetings put straight into the table, an app listening on
// loopback with the bot fake reporting to it, a websocket client, and a bounded wait.

import { MEETING_BOT_PATHS } from '@knap/contracts';
import { type FakeMeetingBotApi, startFakeMeetingBotApi } from '@knap/fakes';
import type { Insertable } from 'kysely';
import WebSocket from 'ws';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/crypto.js';
import type { MeetingRow, MeetingsTable } from '../platform/db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from './users.js';
import { eventually } from './wait.js';

/** A calendar meeting of the user, straight into the table; answers its id. */
export async function addMeeting(
  t: TestApp,
  userId: string,
  fields: Partial<Insertable<MeetingsTable>> & { start_time: string },
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.db.db
    .insertInto('meetings')
    .values({
      id,
      user_id: userId,
      source: 'google',
      external_id: id,
      title: 'Client review',
      end_time: new Date(Date.parse(fields.start_time) + 30 * 60_000).toISOString(),
      meeting_url: 'https://meet.example/abc-defg-hij',
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .execute();
  return id;
}

export const meetingRow = (t: TestApp, id: string): Promise<MeetingRow> =>
  t.db.db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The same time, `minutes` later (or earlier), as ISO text. */
export const minutesFrom = (clock: Clock, minutes: number) =>
  new Date(clock.now().getTime() + minutes * 60_000).toISOString();

export interface Advisor extends SignedInUser {
  id: string;
}

/** GET /api/meeting-bot/status as the user. */
export const botStatusOf = async (t: TestApp, user: { token: string }) =>
  (await as(t, user)({ method: 'GET', url: MEETING_BOT_PATHS.status })).json();

/** A new user, with the notetaker switched on through the API if asked. */
export async function advisor(t: TestApp, options: { notetaker?: boolean } = {}): Promise<Advisor> {
  const user = await signUp(t);
  const id = await userIdOf(t, user.email);
  if (options.notetaker) {
    const res = await as(
      t,
      user,
    )({ method: 'POST', url: MEETING_BOT_PATHS.toggle, payload: { enabled: true } });
    if (res.statusCode !== 200) throw new Error(`toggle failed: ${res.body}`);
  }
  return { ...user, id };
}

export const WEBHOOK_SECRET = `whsec_${Buffer.from('meeting-bot-test-secret-0123456789').toString('base64')}`;

/** The app on loopback (webhooks and sockets need a real port), booking bots at a Recall-style fake. */
export async function startAppWithBotApi(clock: Clock): Promise<{
  t: TestApp;
  bots: FakeMeetingBotApi;
  baseUrl: string;
  close(): Promise<void>;
}> {
  const bots = await startFakeMeetingBotApi({
    webhookSecret: WEBHOOK_SECRET,
    now: () => clock.now().getTime(),
  });
  const t = await createTestApp({
    clock,
    config: {
      meetingBot: {
        api: { url: bots.url, apiKey: bots.apiKey, webhookSecret: WEBHOOK_SECRET },
        botName: 'Knap Notetaker',
      },
    },
  });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bots.webhookUrl = `${baseUrl}${MEETING_BOT_PATHS.webhook}`;
  return {
    t,
    bots,
    baseUrl,
    close: async () => {
      await t.close();
      await bots.close();
    },
  };
}

export interface BotSocket {
  send(message: unknown): void;
  /** The next message not yet taken that matches, waiting for it if need be. */
  next(match?: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Every message received so far. */
  received: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens the bot websocket; `auth` (an access token) is sent as the first message when given. */
export async function openBotSocket(baseUrl: string, auth?: string): Promise<BotSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${MEETING_BOT_PATHS.ws}`);
  const received: Array<Record<string, unknown>> = [];
  const taken = new Set<number>();
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket: BotSocket = {
    send: (message) => ws.send(JSON.stringify(message)),
    async next(match = () => true) {
      const index = await eventually(
        async () => received.findIndex((m, i) => !taken.has(i) && match(m)),
        (i) => i >= 0,
      );
      taken.add(index);
      return received[index] as Record<string, unknown>;
    },
    received,
    closed,
    close: () => ws.close(),
  };
  if (auth) socket.send({ type: 'auth', access_token: auth });
  return socket;
}

/** A status_update carrying this status. */
export const statusIs = (status: string) => (m: Record<string, unknown>) =>
  m.type === 'status_update' && (m.status as { status?: string }).status === status;
