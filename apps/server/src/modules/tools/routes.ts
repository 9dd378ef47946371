import { TOOL_PATHS, ZChatToolsUpdate, ZKnapTool, ZKnapToolsQuery } from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { listKnapTools, setChatTools } from './service.js';

/** The assistant's tools for the caller, and the ones turned off per chat. */
export async function toolRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    TOOL_PATHS.list,
    { schema: { querystring: ZKnapToolsQuery, response: { 200: z.array(ZKnapTool) } } },
    (req) => listKnapTools(deps, authOf(req).user, req.log, req.query.chat_id),
  );
  app.put(
    '/api/knap-tools/chats/:chatId',
    {
      schema: {
        params: z.object({ chatId: z.string().min(1).max(100) }),
        body: ZChatToolsUpdate,
        response: { 200: z.array(ZKnapTool) },
      },
    },
    (req) => setChatTools(deps, authOf(req).user, req.log, req.params.chatId, req.body.disabled_tools),
  );
}
