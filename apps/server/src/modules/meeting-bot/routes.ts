// The meeting bot's API (SPEC §7 Meetings and notetaker): the status card and its toggle, the live
// websocket, the bot service's status webhooks, and the jobs that book and step bots.
import websocket from '@fastify/websocket';
import {
  MEETING_BOT_PATHS,
  MEETING_DETAIL,
  ZBotStatusResponse,
  ZBotToggleRequest,
  ZBotToggleResponse,
} from '@knap/contracts';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { setNotetaker } from './scheduler.js';
import { applyBotEvent, botProvider, botStatus, providerFailure, settleBackgroundWork } from './service.js';
import { handleBotSocket } from './socket.js';

/** Client messages are a few dozen bytes; anything much larger is not ours. */
const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;
/** "Going away": the browser reconnects (to another server, or this one once it is back). */
const CLOSE_GOING_AWAY = 1001;

export async function meetingBotRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;

  // Added before the plugin's own hook (which closes sockets without a code), so shutting down
  // tells every browser why.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) {
      client.close(CLOSE_GOING_AWAY, 'Server shutting down');
    }
    done();
  });
  await app.register(websocket, { options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES } });

  app.get(
    MEETING_BOT_PATHS.status,
    { onRequest: app.requireUser, schema: { response: { 200: ZBotStatusResponse } } },
    (req) => botStatus(deps, authOf(req).user),
  );
  app.post(
    MEETING_BOT_PATHS.toggle,
    {
      onRequest: app.requireUser,
      schema: { body: ZBotToggleRequest, response: { 200: ZBotToggleResponse } },
    },
    (req) => setNotetaker(deps, authOf(req).user.id, req.body.enabled),
  );
  app.get(MEETING_BOT_PATHS.ws, { websocket: true }, (socket, req) => handleBotSocket(deps, socket, req.log));

  await app.register(async (hooks) => {
    // The signature covers the exact bytes sent: the body stays text until it is verified.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hooks.post(MEETING_BOT_PATHS.webhook, async (req) => {
      const provider = botProvider(deps);
      if (!provider.parseWebhook) throw new HttpError(404, MEETING_DETAIL.botNotConfigured);
      const raw = typeof req.body === 'string' ? req.body : '';
      const event = provider.parseWebhook(req.headers, raw, deps.clock.now());
      try {
        const applied = event ? await applyBotEvent(deps, event, req.log) : false;
        return { status: applied ? 'applied' : 'ignored' };
      } catch (e) {
        // The transcript could not be fetched: answering an error makes the service send it again.
        throw providerFailure(e);
      }
    });
  });

  app.addHook('onClose', () => settleBackgroundWork(deps));
}
