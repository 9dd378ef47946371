// The PDF and the email that sends it. Export makes the PDF from the saved review; 'Review and
// send' saves, makes the PDF again if the review changed since, and opens the approval dialog with
// the PDF attached; the review's endpoint sends it and marks the review sent with where it went.
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type TClientReview,
  type TClientReviewEmail,
  type TEmailSendResult,
  type TPdfInfo,
} from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { ExportPanel } from '../../../components/export-panel';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDocumentActions } from '../../../lib/document-actions';
import { formatDate } from '../../../lib/format';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useCurrentUser } from '../../auth/store';
import { SENT_TO, SendEmailDialog } from '../../knaps/components/send-email-dialog';
import type { OutgoingEmail } from '../../knaps/send';
import { reviewKeys, useExportReviewPdf, useSendReview } from '../queries';
import { EMAIL_TO_MAX } from '../review-sections';

export interface ReviewSendPanelProps {
  review: TClientReview;
  email: TClientReviewEmail;
  onEmailChange: (email: TClientReviewEmail) => void;
  /** Saves the draft; false when it could not be saved. */
  flush: () => Promise<boolean>;
}

const SAVE_FIRST = 'The review could not be saved: this works from the saved review. Try again.';

export function ReviewSendPanel({ review, email, onEmailChange, flush }: ReviewSendPanelProps) {
  const exporting = useExportReviewPdf(review.id);
  const sendReview = useSendReview(review.id);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const doc = useDocumentActions({
    flush,
    saveFirst: SAVE_FIRST,
    // The PDF the review now names: the answer is the review, stored as the query's fresh truth.
    makePdf: async () => (await exporting.mutateAsync()).pdf!,
  });
  const [isPreparing, setPreparing] = useState(false);
  const [attachment, setAttachment] = useState<TPdfInfo | null>(null);
  const [isApproving, setApproving] = useState(false);
  const queryClient = useQueryClient();
  const pdf = review.pdf;

  /** The review's PDF as it is now: made again when the saved review changed since the last one. */
  const currentPdf = async (): Promise<TPdfInfo | null> => {
    let made: TPdfInfo | null = null;
    await doc.whenSaved(async () => {
      // The save's answer (or the last read) says whether the PDF still matches the review.
      const saved = queryClient.getQueryData<TClientReview>(reviewKeys.review(review.id)) ?? review;
      made = saved.pdf && saved.pdf_is_current ? saved.pdf : await doc.makePdf();
    });
    return made;
  };

  const prepare = async () => {
    doc.setError(null);
    if (!email.to.trim()) return doc.setError("Enter the client's email address to send the review to.");
    if (!email.subject.trim()) return doc.setError('Enter a subject for the email.');
    setPreparing(true);
    const made = await currentPdf();
    setPreparing(false);
    if (!made) return;
    setAttachment(made);
    setApproving(true);
  };

  /** The approved email, sent by the review's endpoint, which marks the review sent. */
  const send = async (outgoing: OutgoingEmail, pdfId: string): Promise<TEmailSendResult> => {
    const sent = await sendReview.mutateAsync({
      to: outgoing.to,
      subject: outgoing.subject,
      body: outgoing.body,
      connection_type: outgoing.connectionType,
      pdf_id: pdfId,
    });
    return { success: true, delivered_to: sent.delivered_to ?? 'outbox' };
  };

  const deliveredText = review.delivered_to ? SENT_TO[review.delivered_to] : null;

  return (
    <section aria-labelledby="review-send" className={cn(cardClasses, 'flex flex-col gap-4')}>
      <h2 id="review-send" className={cardHeadingClasses}>
        PDF and email
      </h2>

      <ExportPanel
        actions={doc}
        pdf={pdf}
        isReadyNews={false}
        readyText={
          review.pdf_is_current
            ? undefined
            : 'The review changed after this PDF was made: export it again, or send, which makes it again.'
        }
      />

      <div className="flex flex-col gap-3 border-zinc-200 border-t pt-4 dark:border-zinc-800">
        <TextField
          label="To"
          type="email"
          multiple
          value={email.to}
          maxLength={EMAIL_TO_MAX}
          hint="One or more addresses, separated by commas."
          onChange={(e) => onEmailChange({ ...email, to: e.target.value })}
        />
        <TextField
          label="Subject"
          value={email.subject}
          maxLength={EMAIL_SUBJECT_MAX}
          onChange={(e) => onEmailChange({ ...email, subject: e.target.value })}
        />
        <TextAreaField
          label="Message"
          value={email.body}
          rows={7}
          maxLength={EMAIL_BODY_MAX}
          hint="The review's PDF is attached."
          onChange={(e) => onEmailChange({ ...email, body: e.target.value })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void prepare()} disabled={isPreparing} aria-busy={isPreparing || undefined}>
            <Send aria-hidden="true" className="size-4" />
            {review.status === 'sent' ? 'Send again…' : 'Review and send…'}
          </Button>
          {isPreparing ? <Spinner label="Preparing the PDF" showLabel /> : null}
        </div>
      </div>

      {doc.error ? <ErrorNotice message={doc.error} /> : null}
      {review.status === 'sent' && review.sent_at ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-emerald-800 text-sm dark:bg-emerald-500/10 dark:text-emerald-200"
        >
          Sent to {review.sent_to} on {formatDate(review.sent_at, timeZone)}. {deliveredText}
        </p>
      ) : null}

      {attachment ? (
        <SendEmailDialog
          isOpen={isApproving}
          onOpenChange={setApproving}
          email={{
            to: email.to,
            subject: email.subject,
            body: email.body,
            pdfId: attachment.id,
            filename: attachment.filename,
          }}
          attachmentName={attachment.filename}
          send={(outgoing) => send(outgoing, attachment.id)}
          onSent={() => undefined}
        />
      ) : null}
    </section>
  );
}
