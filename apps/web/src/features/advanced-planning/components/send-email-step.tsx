// Step 6: the drafted client email with the roadmap PDF attached. The advisor edits the email,
// previews the PDF, and approves the send in a dialog that shows exactly what leaves.
import type { TEmailSendResult, TPdfInfo, TRoadmap } from '@knap/contracts';
import { CircleCheck, Paperclip } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { StepLoadState } from '../../knaps/components/knap-step';
import { SENT_TO, SendEmailDialog } from '../../knaps/components/send-email-dialog';
import { generateRoadmapPdf, pdfObjectUrl } from '../../knaps/send';
import { useKnapComponent } from '../../knaps/use-knap-component';
import type { TSendEmailData } from '../types';

const EMAIL_ADDRESS = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Why `to` cannot be sent to, or null: one or more addresses separated by commas. */
export function recipientsError(to: string): string | null {
  const addresses = to
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!addresses.length) return 'Enter the client’s email address';
  if (!addresses.every((a) => EMAIL_ADDRESS.test(a))) return 'Enter email addresses separated by commas';
  return null;
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The roadmap PDF, made on the server once (for the preview and the attachment alike, however
 * often the buttons are clicked), and its preview URL, revoked when the step closes.
 */
function useRoadmapPdf(roadmap: TRoadmap) {
  const [pdf, setPdf] = useState<TPdfInfo | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [isWorking, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const urlRef = useRef<string | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    };
  }, []);

  // The request under way: a second click before the first answers waits for it, not a second PDF.
  const making = useRef<Promise<TPdfInfo | null> | null>(null);

  const make = async (): Promise<TPdfInfo | null> => {
    setWorking(true);
    setError(null);
    try {
      const made = await generateRoadmapPdf(roadmap);
      if (mounted.current) setPdf(made);
      return made;
    } catch (err) {
      if (mounted.current) setError(failureText(err, 'The roadmap PDF could not be made.'));
      return null;
    } finally {
      making.current = null;
      if (mounted.current) setWorking(false);
    }
  };

  const ensure = (): Promise<TPdfInfo | null> => {
    if (pdf) return Promise.resolve(pdf);
    making.current ??= make();
    return making.current;
  };

  const preview = async () => {
    const made = await ensure();
    if (!made || urlRef.current) return;
    setWorking(true);
    try {
      const url = await pdfObjectUrl(made.id);
      if (!mounted.current) return URL.revokeObjectURL(url);
      urlRef.current = url;
      setPreviewUrl(url);
    } catch (err) {
      if (mounted.current) setError(failureText(err, 'The roadmap PDF could not be shown.'));
    } finally {
      if (mounted.current) setWorking(false);
    }
  };

  return { ensure, preview, previewUrl, isWorking, error };
}

function SendEmailForm({ data }: { data: TSendEmailData }) {
  const [to, setTo] = useState(data.to ?? '');
  const [subject, setSubject] = useState(data.enhanced_insights.subject);
  const [body, setBody] = useState(data.enhanced_insights.body);
  const [errors, setErrors] = useState<{ to?: string; subject?: string }>({});
  const [approval, setApproval] = useState<{ pdfId: string } | null>(null);
  const [sent, setSent] = useState<{ to: string; result: TEmailSendResult } | null>(null);
  const pdf = useRoadmapPdf(data.roadmap);

  const send = async () => {
    const next = {
      to: recipientsError(to) ?? undefined,
      subject: subject.trim() ? undefined : 'Enter a subject',
    };
    setErrors(next);
    if (next.to || next.subject) return;
    const made = await pdf.ensure();
    if (made) setApproval({ pdfId: made.id });
  };

  const onSent = (result: TEmailSendResult) => {
    toast.success(SENT_TO[result.delivered_to]);
    setSent({ to: to.trim(), result });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="To"
          inputMode="email"
          autoComplete="off"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            // A shown error follows the field: it goes once the address is right.
            if (errors.to)
              setErrors((shown) => ({ ...shown, to: recipientsError(e.target.value) ?? undefined }));
          }}
          hint="Separate several addresses with commas."
          error={errors.to}
        />
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => {
            setSubject(e.target.value);
            if (errors.subject && e.target.value.trim())
              setErrors((shown) => ({ ...shown, subject: undefined }));
          }}
          error={errors.subject}
        />
      </div>
      <TextAreaField label="Body" rows={12} value={body} onChange={(e) => setBody(e.target.value)} />
      <p className="inline-flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300">
        <Paperclip aria-hidden="true" className="size-4" />
        Attached: {data.attachment_filename}
      </p>

      {sent ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">
              {sent.result.delivered_to === 'review' ? 'Sent for review' : 'Sent'}
            </p>
            <p>
              To {sent.to}. {SENT_TO[sent.result.delivered_to]}
            </p>
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 border-zinc-200 border-t pt-4 sm:flex-row sm:items-center dark:border-zinc-800">
        <Button variant="secondary" disabled={pdf.isWorking} onClick={() => void pdf.preview()}>
          Preview PDF
        </Button>
        <Button disabled={pdf.isWorking} onClick={() => void send()}>
          {sent ? 'Send again' : 'Send email'}
        </Button>
        {pdf.isWorking ? <Spinner label="Making the PDF..." showLabel /> : null}
      </div>
      {pdf.error ? <ErrorNotice message={pdf.error} /> : null}
      {pdf.previewUrl ? (
        <iframe
          title="Roadmap PDF preview"
          src={pdf.previewUrl}
          className="h-[70dvh] min-h-96 w-full rounded-xl border border-zinc-200 bg-white dark:border-zinc-800"
        />
      ) : null}

      {approval ? (
        <SendEmailDialog
          isOpen
          onOpenChange={(isOpen) => (isOpen ? undefined : setApproval(null))}
          email={{
            to: to.trim(),
            subject: subject.trim(),
            body,
            pdfId: approval.pdfId,
            filename: data.attachment_filename,
          }}
          attachmentName={data.attachment_filename}
          onSent={onSent}
        />
      ) : null}
    </div>
  );
}

export function SendEmailStep() {
  const state = useKnapComponent<TSendEmailData>('send-email');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading the client email..."
        emptyText="Finish the portfolio step first."
      />
    );
  return <SendEmailForm data={state.data} />;
}
