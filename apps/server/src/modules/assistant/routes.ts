import {
  ASSISTANT_PATHS,
  ZCompletionRequest,
  ZStopCompletionRequest,
  ZStopCompletionResponse,
  ZSuggestionsRequest,
  ZSuggestionsResponse,
  ZToolApprovalRequest,
  ZToolApprovalResponse,
} from '@knap/contracts';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { shedWhenBusy } from '../../platform/pressure.js';
import * as assistant from './service.js';

export async function assistantRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  // New completions are shed while the server lags (platform/pressure.ts); Stop and the rest are not.
  const completion = { schema: { body: ZCompletionRequest }, onRequest: shedWhenBusy };
  app.post(ASSISTANT_PATHS.completion, completion, async (req, reply) => {
    // Errors up to here (404, 402, 409) answer as JSON; from here on the reply is an SSE stream.
    const prepared = await assistant.prepareRun(deps, authOf(req).user, req.body);
    reply.hijack();
    await assistant.streamReply(deps, prepared, reply.raw, req.log);
  });

  app.post(
    ASSISTANT_PATHS.stopCompletion,
    { schema: { body: ZStopCompletionRequest, response: { 200: ZStopCompletionResponse } } },
    (req) => assistant.stopReply(deps, authOf(req).user, req.body.chat_id),
  );

  app.post(
    ASSISTANT_PATHS.toolApproval,
    { schema: { body: ZToolApprovalRequest, response: { 200: ZToolApprovalResponse } } },
    (req) => assistant.decideToolApproval(deps, authOf(req).user, req.body, req.log),
  );

  app.post(
    ASSISTANT_PATHS.suggestions,
    { schema: { body: ZSuggestionsRequest, response: { 200: ZSuggestionsResponse } } },
    (req) => assistant.suggestPrompts(deps, authOf(req).user.id, req.body.tool_types, req.log),
  );
}
