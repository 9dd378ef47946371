// Knap outputs leave the app here: the roadmap PDF made on the server, shown as a preview, and
// email sent through the user's mail connection (SPEC §7 Email and PDF).
import {
  EMAIL_PATHS,
  type EmailConnectionType,
  PDF_PATHS,
  type TEmailSendResult,
  type TRoadmap,
  ZEmailSendResult,
  ZPdfInfo,
} from '@knap/contracts';
import { apiFetch, apiRequest } from '../../lib/api-client';

export const generateRoadmapPdf = (roadmap: TRoadmap) =>
  apiRequest(PDF_PATHS.generate, ZPdfInfo, { method: 'POST', body: roadmap });

/** A stored PDF as an object URL for a preview frame; the caller revokes it. */
export async function pdfObjectUrl(id: string): Promise<string> {
  const res = await apiFetch(PDF_PATHS.pdf(id));
  return URL.createObjectURL(await res.blob());
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  connectionType: EmailConnectionType;
  /** Attach one of the user's stored PDFs. */
  pdfId?: string;
  filename?: string;
}

/**
 * Sends an email. Answers false on failure and logs the detail (SPEC §7); the caller shows its own
 * message. The server checks recipients and headers again.
 */
export async function sendEmail(email: OutgoingEmail): Promise<TEmailSendResult | false> {
  const form = new FormData();
  form.set('to', email.to);
  form.set('subject', email.subject);
  form.set('body', email.body);
  form.set('connection_type', email.connectionType);
  if (email.pdfId) form.set('pdf_id', email.pdfId);
  if (email.filename) form.set('filename', email.filename);
  try {
    const res = await apiFetch(EMAIL_PATHS.send, { method: 'POST', body: form });
    return ZEmailSendResult.parse(await res.json());
  } catch (error) {
    console.error('Failed to send email', error instanceof Error ? error.message : error);
    return false;
  }
}
