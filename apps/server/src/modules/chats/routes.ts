import {
  CHAT_PATHS,
  ZAddMessageRequest,
  ZChat,
  ZChatDocumentsResponse,
  ZChatSearchQuery,
  ZChatSearchResponse,
  ZChatSummary,
  ZCreateChatRequest,
  ZDeleteChatQuery,
  ZListChatsQuery,
  ZListChatsResponse,
  ZMarkAllReadResponse,
  ZMessage,
  ZMessageFeedback,
  ZMessageFeedbackRequest,
  ZMessagesResponse,
  ZPdfInfo,
  ZSuccessResponse,
  ZToolOutputRequest,
  ZUnreadCountResponse,
  ZUpdateChatRequest,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { attachmentDisposition } from '../../platform/filenames.js';
import { exportChatMarkdown, exportChatPdf } from './export.js';
import * as chats from './service.js';

const ZChatParams = z.object({ id: z.string().min(1).max(100) });

export async function chatRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.post(CHAT_PATHS.chats, { schema: { body: ZCreateChatRequest, response: { 200: ZChat } } }, (req) =>
    chats.createChat(deps, uid(req), req.body),
  );
  app.get(
    CHAT_PATHS.chats,
    { schema: { querystring: ZListChatsQuery, response: { 200: ZListChatsResponse } } },
    // JSON bytes, often from the cache: a Buffer is sent as it is.
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await chats.listChatsJson(deps, authOf(req).user, req.query)) as never),
  );
  app.get(
    CHAT_PATHS.search,
    { schema: { querystring: ZChatSearchQuery, response: { 200: ZChatSearchResponse } } },
    (req) => chats.searchChats(deps, authOf(req).user.id, req.query.q),
  );
  app.get(CHAT_PATHS.unreadCount, { schema: { response: { 200: ZUnreadCountResponse } } }, (req) =>
    chats.unreadCount(deps, uid(req)),
  );
  app.put(CHAT_PATHS.markAllRead, { schema: { response: { 200: ZMarkAllReadResponse } } }, (req) =>
    chats.markAllChatsRead(deps, uid(req)),
  );
  app.put(
    CHAT_PATHS.toolOutput,
    { schema: { body: ZToolOutputRequest, response: { 200: ZMessage } } },
    (req) => chats.updateToolOutput(deps, uid(req), req.body),
  );

  app.put(
    '/api/chat/messages/:id/feedback',
    { schema: { params: ZChatParams, body: ZMessageFeedbackRequest, response: { 200: ZMessageFeedback } } },
    (req) => chats.rateMessage(deps, uid(req), req.params.id, req.body),
  );
  app.delete(
    '/api/chat/messages/:id/feedback',
    { schema: { params: ZChatParams, response: { 200: ZSuccessResponse } } },
    (req) => chats.unrateMessage(deps, uid(req), req.params.id),
  );

  app.get('/api/chat/chats/:id/export.md', { schema: { params: ZChatParams } }, async (req, reply) => {
    const { filename, markdown } = await exportChatMarkdown(deps, authOf(req).user, req.params.id);
    return reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'private, no-store')
      .send(markdown);
  });
  app.post(
    '/api/chat/chats/:id/export/pdf',
    { schema: { params: ZChatParams, response: { 200: ZPdfInfo } } },
    (req) => exportChatPdf(deps, authOf(req).user, req.params.id),
  );
  app.get('/api/chat/chats/:id', { schema: { params: ZChatParams, response: { 200: ZChat } } }, (req) =>
    chats.getChat(deps, uid(req), req.params.id),
  );
  app.put(
    '/api/chat/chats/:id',
    { schema: { params: ZChatParams, body: ZUpdateChatRequest, response: { 200: ZChatSummary } } },
    (req) => chats.renameChat(deps, uid(req), req.params.id, req.body.title),
  );
  app.delete(
    '/api/chat/chats/:id',
    { schema: { params: ZChatParams, querystring: ZDeleteChatQuery, response: { 200: ZSuccessResponse } } },
    (req) => chats.deleteChat(deps, uid(req), req.params.id, req.query),
  );
  app.get(
    '/api/chat/chats/:id/documents',
    { schema: { params: ZChatParams, response: { 200: ZChatDocumentsResponse } } },
    (req) => chats.chatDocuments(deps, uid(req), req.params.id),
  );
  app.get(
    '/api/chat/chats/:id/messages',
    { schema: { params: ZChatParams, response: { 200: ZMessagesResponse } } },
    (req) => chats.listMessages(deps, uid(req), req.params.id),
  );
  app.post(
    '/api/chat/chats/:id/messages',
    { schema: { params: ZChatParams, body: ZAddMessageRequest, response: { 200: ZMessage } } },
    (req) => chats.addMessage(deps, uid(req), req.params.id, req.body),
  );
  app.put(
    '/api/chat/chats/:id/mark-read',
    { schema: { params: ZChatParams, response: { 200: ZSuccessResponse } } },
    (req) => chats.markChatRead(deps, uid(req), req.params.id),
  );
}
