import {
  EMAIL_DETAIL,
  EMAIL_PATHS,
  MAX_ATTACHMENT_BYTES,
  ZEmailSendResult,
  ZOutboxEmail,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { readForm, registerMultipart } from '../../platform/multipart.js';
import { listOutbox } from '../connections/systems/mail.js';
import { sendEmail } from './service.js';

/** SPEC §7 Email and PDF: `POST /api/studio/email/send`, a multipart form with an optional file; the outbox. */
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
}
