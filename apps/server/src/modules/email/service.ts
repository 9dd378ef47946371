// Sending an email from the studio (SPEC §7 Email and PDF): through the Gmail or Outlook connection
// the form names, or into the local outbox when that one is not connected (a 409 saying why when it
// is connected but cannot send: a permission not granted, a grant to renew). The attachment is an
// uploaded file or one of the user's stored PDFs; it is named DEFAULT_ATTACHMENT_FILENAME (§5)
// unless a name is given.
import {
  DEFAULT_ATTACHMENT_FILENAME,
  DETAIL,
  EMAIL_DETAIL,
  emailRecipients,
  type TEmailSendForm,
  type TEmailSendResult,
  ZEmailSendForm,
} from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { safeFilename } from '../../platform/filenames.js';
import type { Form, FormFile } from '../../platform/multipart.js';
import { holdForReview } from '../compliance/supervision.js';
import {
  keepInOutbox,
  type MailAttachment,
  mailAccountProblem,
  type OutgoingMail,
  sendMailVia,
} from '../connections/systems/mail.js';
import { notAPdf, ownedPdf } from '../pdf/service.js';

/** The form's fields, or 422 naming the first bad one (as every JSON route answers). */
function parseFields(fields: Record<string, string>): TEmailSendForm {
  const parsed = ZEmailSendForm.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HttpError(422, DETAIL.invalid(`body.${issue?.path.join('.') ?? ''}`, issue?.message));
}

/** A `type/subtype` the client declared, if it is one; it goes into a mail header. */
const declaredType = (mimetype: string) =>
  /^[a-z0-9][\w.+-]*\/[\w.+-]+$/i.test(mimetype) ? mimetype : 'application/octet-stream';

async function attachmentOf(
  deps: AppDeps,
  userId: string,
  fields: TEmailSendForm,
  file: FormFile | null,
): Promise<MailAttachment | null> {
  if (file && fields.pdf_id) throw new HttpError(422, EMAIL_DETAIL.fileAndPdf);
  if (file) {
    if (file.content.length === 0) throw new HttpError(422, EMAIL_DETAIL.emptyAttachment);
    return {
      filename: safeFilename(fields.filename ?? file.filename, DEFAULT_ATTACHMENT_FILENAME),
      contentType: notAPdf(file.content) ? declaredType(file.mimetype) : 'application/pdf',
      content: file.content,
    };
  }
  if (!fields.pdf_id) return null;
  const pdf = await ownedPdf(deps, userId, fields.pdf_id);
  return {
    filename: safeFilename(fields.filename ?? pdf.filename, DEFAULT_ATTACHMENT_FILENAME),
    contentType: 'application/pdf',
    content: pdf.content,
  };
}

export async function sendEmail(deps: AppDeps, userId: string, form: Form): Promise<TEmailSendResult> {
  const fields = parseFields(form.fields);
  const attachment = await attachmentOf(deps, userId, fields, form.file);
  const mail: OutgoingMail = {
    to: emailRecipients(fields.to).join(', '),
    subject: fields.subject,
    body: fields.body,
    attachments: attachment ? [attachment] : [],
  };
  const account = fields.connection_type === 'Gmail' ? 'gmail' : 'outlook';
  const review = await holdForReview(deps, userId, mail, { account, chatId: null });
  if (review) return { success: true, delivered_to: 'review', review_id: review };
  if (await sendMailVia(deps, userId, account, mail)) return { success: true, delivered_to: account };
  const problem = await mailAccountProblem(deps, userId, account);
  if (problem) throw new HttpError(409, problem);
  await keepInOutbox(deps, userId, mail);
  return { success: true, delivered_to: 'outbox' };
}
