import { MAX_PDF_BYTES, PDF_DETAIL, PDF_PATHS, ZPdfInfo, ZRoadmap, ZSuccessResponse } from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { attachmentDisposition } from '../../platform/filenames.js';
import { readForm, registerMultipart } from '../../platform/multipart.js';
import * as pdfs from './service.js';

const ZPdfParams = z.object({ id: z.string().min(1).max(100) });

/** SPEC §7 Email and PDF: generating a roadmap PDF, and the PDF service. */
export async function pdfRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  await registerMultipart(app);
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.post(PDF_PATHS.generate, { schema: { body: ZRoadmap, response: { 200: ZPdfInfo } } }, (req) =>
    pdfs.generateRoadmapPdf(deps, authOf(req).user, req.body),
  );
  app.post(PDF_PATHS.upload, { schema: { response: { 200: ZPdfInfo } } }, async (req) => {
    const form = await readForm(req, {
      fileField: 'file',
      maxFileBytes: MAX_PDF_BYTES,
      fileTooLarge: PDF_DETAIL.tooLarge,
    });
    return pdfs.uploadPdf(deps, uid(req), form.file);
  });
  app.get(PDF_PATHS.list, { schema: { response: { 200: z.array(ZPdfInfo) } } }, (req) =>
    pdfs.listPdfs(deps, uid(req)),
  );
  app.get(`${PDF_PATHS.list}/:id`, { schema: { params: ZPdfParams } }, async (req, reply) => {
    const pdf = await pdfs.ownedPdf(deps, uid(req), req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(pdf.filename))
      .header('cache-control', 'private, no-store')
      .send(pdf.content);
  });
  app.delete(
    `${PDF_PATHS.list}/:id`,
    { schema: { params: ZPdfParams, response: { 200: ZSuccessResponse } } },
    (req) => pdfs.deletePdf(deps, uid(req), req.params.id),
  );
}
