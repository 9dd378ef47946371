import {
  EMAIL_DETAIL,
  EMAIL_PATHS,
  MAX_ATTACHMENT_BYTES,
  ZEmailSendResult,
  ZOutboxEmail,
  ZSentEmail,
  ZSentEmailPage,
  ZSentEmailQuery,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { readForm, registerMultipart } from '../../platform/multipart.js';
import { listOutbox } from '../connections/systems/mail.js';
import { getSentEmail, listSentEmails } from './sent.js';
import { sendEmail } from './service.js';

/**
 * SPEC §7 Email and PDF: `POST /api/studio/email/send`, a multipart form with an optional file; the
 * outbox; the Sent view (everything sent or held, `sent.ts`).
 */
export async function emailRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  await registerMultipart(app);
  app.addHook('onRequest', app.requireUser);

  app.post(EMAIL_PATHS.send, { schema: { response: { 200: ZEmailSendResult } } }, async (req) => {
    const form = await readForm(req, {
      fileField: 'attachment',
      maxFileBytes: MAX_ATTACHMENT_BYTES,
      fileTooLarge: EMAIL_DETAIL.attachmentTooLarge,
    });
    return sendEmail(deps, authOf(req).user.id, form);
  });
  app.get(EMAIL_PATHS.outbox, { schema: { response: { 200: z.array(ZOutboxEmail) } } }, (req) =>
    listOutbox(deps, authOf(req).user.id),
  );
  app.get(
    EMAIL_PATHS.sent,
    { schema: { querystring: ZSentEmailQuery, response: { 200: ZSentEmailPage } } },
    (req) => listSentEmails(deps, authOf(req).user.id, req.query),
  );
  app.get(
    '/api/studio/email/sent/:id',
    { schema: { params: z.object({ id: z.string().max(200) }), response: { 200: ZSentEmail } } },
    (req) => getSentEmail(deps, authOf(req).user.id, req.params.id),
  );
}
