import {
  DOCUMENT_DETAIL,
  DOCUMENT_PATHS,
  IMAGE_MEDIA_TYPES,
  ZDocumentInfo,
  ZDocumentLimits,
  ZDocumentText,
  ZFileDocumentRequest,
  ZSuccessResponse,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { attachmentDisposition } from '../../platform/filenames.js';
import { readForm, registerMultipart } from '../../platform/multipart.js';
import * as documents from './service.js';

const ZDocumentParams = z.object({ id: z.string().min(1).max(100) });

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  ...IMAGE_MEDIA_TYPES,
} as const;

/** Client documents in the conversation (issue 26): attach, list, view, download, delete. */
export async function documentRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  await registerMultipart(app);
  app.addHook('onRequest', app.requireUser);
  const owned = (req: FastifyRequest<{ Params: { id: string } }>) => ({
    userId: authOf(req).user.id,
    documentId: req.params.id,
  });

  app.get(DOCUMENT_PATHS.limits, { schema: { response: { 200: ZDocumentLimits } } }, () =>
    documents.documentLimits(deps),
  );
  app.post(DOCUMENT_PATHS.list, { schema: { response: { 200: ZDocumentInfo } } }, async (req) => {
    const { maxBytes } = deps.config.documents;
    const form = await readForm(req, {
      fileField: 'file',
      maxFileBytes: maxBytes,
      fileTooLarge: DOCUMENT_DETAIL.tooLarge(maxBytes),
    });
    return documents.uploadDocument(deps, { userId: authOf(req).user.id, file: form.file });
  });
  app.get(DOCUMENT_PATHS.list, { schema: { response: { 200: z.array(ZDocumentInfo) } } }, (req) =>
    documents.listDocuments(deps, authOf(req).user.id),
  );
  app.get(
    `${DOCUMENT_PATHS.list}/:id`,
    { schema: { params: ZDocumentParams, response: { 200: ZDocumentInfo } } },
    (req) => documents.ownedDocument(deps, owned(req)),
  );
  app.get(
    `${DOCUMENT_PATHS.list}/:id/text`,
    { schema: { params: ZDocumentParams, response: { 200: ZDocumentText } } },
    (req) => documents.documentText(deps, owned(req)),
  );
  app.get(`${DOCUMENT_PATHS.list}/:id/file`, { schema: { params: ZDocumentParams } }, async (req, reply) => {
    const info = await documents.ownedDocument(deps, owned(req));
    const content = await documents.readDocumentFile(deps, owned(req));
    await documents.recordFileRead(deps, owned(req));
    return reply
      .header('content-type', CONTENT_TYPES[info.kind])
      .header('content-disposition', attachmentDisposition(info.filename))
      .header('cache-control', 'private, no-store')
      .send(content);
  });
  app.patch(
    `${DOCUMENT_PATHS.list}/:id`,
    { schema: { params: ZDocumentParams, body: ZFileDocumentRequest, response: { 200: ZDocumentInfo } } },
    (req) => documents.fileDocument(deps, { ...owned(req), client: req.body.client }),
  );
  app.delete(
    `${DOCUMENT_PATHS.list}/:id`,
    { schema: { params: ZDocumentParams, response: { 200: ZSuccessResponse } } },
    (req) => documents.deleteDocument(deps, owned(req)),
  );
}
