// The notetaker's live channel. The browser proves who it is with its first message, the same
// access token as its bearer header (a URL would end up in logs, and must never name the user);
// then it hears status_update for its own bots only, and may switch the notetaker on or off.
import { type BotStatusUpdateMessage, ERR, MEETING_DETAIL } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { verifyAccessToken } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { resolveSessionUser } from '../users/service.js';
import { setNotetaker } from './scheduler.js';
import { statusUpdate } from './service.js';

export const AUTH_TIMEOUT_MS = 10_000;
/** Close code for a socket that did not sign in (4000-4999 are the application's own). */
export const CLOSE_UNAUTHORIZED = 4401;

const ZAuth = z.object({ type: z.literal('auth'), access_token: z.string().min(1).max(4096) });
const ZBotAction = z.object({
  type: z.literal('bot_action'),
  action: z.enum(['start', 'stop']),
  timestamp: z.number(),
});

async function userOfToken(deps: AppDeps, token: string) {
  const claims = await verifyAccessToken(deps, token);
  return claims ? resolveSessionUser(deps, claims) : null;
}

function readJson(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

export function handleBotSocket(deps: AppDeps, socket: WebSocket, log: Pick<FastifyBaseLogger, 'error'>) {
  let token: string | null = null;
  let userId: string | null = null;
  let unsubscribe = () => {};
  const send = (message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const refuse = () => socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
  const authTimer = setTimeout(refuse, AUTH_TIMEOUT_MS);
  socket.on('close', () => {
    clearTimeout(authTimer);
    unsubscribe();
  });

  async function signIn(raw: unknown): Promise<void> {
    const auth = ZAuth.safeParse(raw);
    const user = auth.success ? await userOfToken(deps, auth.data.access_token) : null;
    if (!auth.success || !user) return refuse();
    // The socket may have timed out or gone while the token was being checked.
    if (socket.readyState !== socket.OPEN) return;
    clearTimeout(authTimer);
    token = auth.data.access_token;
    userId = user.id;
    // The user's channel carries other servers' messages too (a Stop for a reply): only bot status
    // goes to the browser.
    const off = await deps.events.subscribe(user.id, (message) => {
      if (message.type === 'status_update') send(message as BotStatusUpdateMessage);
    });
    // Gone while subscribing: the close handler ran before there was anything to drop.
    if (socket.readyState !== socket.OPEN) return off();
    unsubscribe = off;
    send(await statusUpdate(deps, user.id));
  }

  async function act(raw: unknown, userId: string, token: string): Promise<void> {
    const action = ZBotAction.safeParse(raw);
    if (!action.success) return send({ type: 'error', detail: MEETING_DETAIL.badSocketAction });
    // A session signed out since the socket opened may no longer act.
    if (!(await userOfToken(deps, token))) return refuse();
    const enabled = action.data.action === 'start';
    try {
      await setNotetaker(deps, userId, enabled);
      send(await statusUpdate(deps, userId));
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const { status } = await statusUpdate(deps, userId);
      const failed: BotStatusUpdateMessage = {
        type: 'status_update',
        status: {
          ...status,
          status: 'error',
          errorMessage: enabled ? ERR.startBot(e.detail) : ERR.stopBot(e.detail),
        },
      };
      send(failed);
    }
  }

  // One message at a time, so a bot_action sent right behind the auth message waits for it.
  let queue = Promise.resolve();
  socket.on('message', (data) => {
    queue = queue
      .then(() => {
        const raw = readJson(data);
        return userId && token ? act(raw, userId, token) : signIn(raw);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'meeting bot socket failed');
        socket.close(1011, 'Internal error');
      });
  });
}
