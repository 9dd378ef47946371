// One newsletter open for editing: subject and Markdown body (autosaved), a preview as the email
// will look, the settings to draft it again from, the PDF, and sending to clients through the
// approval step; the emails then go out in the background, with the progress shown until the report
// is in. Actions that read the saved newsletter save the draft first.
import {
  FIRST_NAME_PLACEHOLDER,
  firstNameOf,
  NEWSLETTER_LIMITS,
  type TNewsletter,
  type TNewsletterUpdate,
} from '@knap/contracts';
import { Send, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ExportPanel } from '../../../components/export-panel';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { SaveIndicator } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { useDocumentActions } from '../../../lib/document-actions';
import { formatDate } from '../../../lib/format';
import { useExportNewsletterPdf, useNewsletterAudience, useRedraftNewsletter } from '../queries';
import { useNewsletterAutosave } from '../use-newsletter-autosave';
import { EmailPreview } from './email-preview';
import { SendNewsletterDialog } from './send-newsletter-dialog';
import { SendReport, sendSummary } from './send-report';
import { SettingsFields } from './settings-fields';

/** Whom the preview greets when the user has no clients yet. */
const SAMPLE_FIRST_NAME = 'Alex';

const SAVE_FIRST = 'Fix the highlighted fields first: this works from the saved newsletter.';

export interface NewsletterEditorProps {
  newsletter: TNewsletter;
  /** The model's failure when this newsletter was just made. */
  draftError: string | null;
  /** Who the email is from, as the preview shows it. */
  from: string;
  timeZone: string;
  today: Date;
}

export function NewsletterEditor({ newsletter, draftError, from, timeZone, today }: NewsletterEditorProps) {
  const [draft, setDraft] = useState<TNewsletterUpdate>(() => ({
    subject: newsletter.subject,
    body: newsletter.body,
    settings: newsletter.settings,
  }));
  const { status, changed, flush } = useNewsletterAutosave(newsletter.id, draft);
  const redraft = useRedraftNewsletter(newsletter.id);
  const exporting = useExportNewsletterPdf(newsletter.id);
  const doc = useDocumentActions({
    flush,
    saveFirst: SAVE_FIRST,
    makePdf: () => exporting.mutateAsync(),
    initialError: draftError,
  });
  const [isPreview, setPreview] = useState(false);
  // The preview greets the first client, as their email will.
  const audience = useNewsletterAudience(isPreview);
  const firstClient = audience.data?.clients[0];
  const clientName = firstClient ? firstNameOf(firstClient.name) : null;
  // With no client to greet, a made-up name the preview labels as a sample.
  const previewName = audience.data ? (clientName ?? SAMPLE_FIRST_NAME) : null;
  const isSamplePreview = audience.data ? clientName === null : false;
  const [isConfirmingRedraft, setConfirmingRedraft] = useState(false);
  const [isSending, setSending] = useState(false);
  const errors = status.kind === 'invalid' || status.kind === 'failed' ? status.errors : {};
  const hasBody = draft.body.trim() !== '';
  const progress = newsletter.status === 'sending' ? newsletter.sending : null;
  const isSendUnderWay = newsletter.status === 'sending';
  // The progress sits under the send row, which may be below the fold once the dialog closes.
  const sendProgressRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isSendUnderWay) sendProgressRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [isSendUnderWay]);

  // The emails go out in the background: once the send seen under way is done, say how it went.
  const sawSending = useRef(isSendUnderWay);
  const lastSend = newsletter.last_send;
  useEffect(() => {
    if (isSendUnderWay) {
      sawSending.current = true;
      return;
    }
    if (!sawSending.current || !lastSend) return;
    sawSending.current = false;
    const summary = `${sendSummary(lastSend.results)}.`;
    if (lastSend.results.some((r) => r.delivered_to === null)) toast.error(summary);
    else toast.success(summary[0]!.toUpperCase() + summary.slice(1));
  }, [isSendUnderWay, lastSend]);

  const update = (next: TNewsletterUpdate) => {
    setDraft(next);
    changed();
  };

  const runRedraft = async () => {
    await doc.whenSaved(() =>
      redraft.mutate(undefined, {
        // Only the drafted parts come from the answer: settings typed meanwhile stay as typed.
        onSuccess: (saved) => {
          setDraft((d) => ({ ...d, subject: saved.subject, body: saved.body }));
          setPreview(true);
        },
        onError: (err) => doc.setError(err.message),
      }),
    );
  };

  const openSend = async () => {
    await doc.whenSaved(() => setSending(true));
  };

  const isBusy = redraft.isPending || doc.isExporting;
  const title =
    newsletter.settings.kind === 'quarterly' ? `${newsletter.settings.quarter} edition` : 'Newsletter draft';

  return (
    <section aria-labelledby="newsletter-title" className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            id="newsletter-title"
            className="truncate font-semibold text-xl text-zinc-900 dark:text-zinc-50"
          >
            {title}
          </h2>
          <p className={mutedTextClasses}>
            {newsletter.status === 'sent' && newsletter.sent_at
              ? `Sent ${formatDate(newsletter.sent_at, timeZone)}. You can edit it and send it again.`
              : newsletter.drafted_at
                ? `Drafted with AI ${formatDate(newsletter.drafted_at, timeZone)}; yours to edit.`
                : 'Not drafted yet.'}
          </p>
        </div>
        <SaveIndicator status={status} />
      </header>

      <div className={cn(cardClasses, 'flex flex-col gap-4')}>
        <TextField
          label="Subject"
          value={draft.subject}
          maxLength={300}
          error={errors.subject}
          disabled={redraft.isPending}
          onChange={(e) => update({ ...draft, subject: e.target.value })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className={cardHeadingClasses}>{isPreview ? 'Preview' : 'Newsletter'}</h3>
          <div className="flex gap-1">
            <Button variant="secondary" size="sm" aria-pressed={!isPreview} onClick={() => setPreview(false)}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" aria-pressed={isPreview} onClick={() => setPreview(true)}>
              Preview
            </Button>
          </div>
        </div>
        {redraft.isPending ? <Spinner label="Drafting with AI" showLabel /> : null}
        {isPreview ? (
          <EmailPreview
            from={from}
            subject={draft.subject}
            body={draft.body}
            firstName={previewName}
            isSample={isSamplePreview}
          />
        ) : (
          <TextAreaField
            label="Newsletter text"
            hint={`Markdown: ## for headings, - for bullets, **bold**. ${FIRST_NAME_PLACEHOLDER} becomes each client's first name. Saved as you type.`}
            value={draft.body}
            rows={18}
            maxLength={NEWSLETTER_LIMITS.body}
            disabled={redraft.isPending}
            error={errors.body}
            placeholder="Draft it with AI from the settings below, or write it yourself."
            onChange={(e) => update({ ...draft, body: e.target.value })}
          />
        )}
        {doc.error ? (
          <ErrorNotice
            message={doc.error}
            onRetry={!hasBody && draftError === doc.error ? () => void runRedraft() : undefined}
          />
        ) : null}
        <ExportPanel
          actions={doc}
          pdf={doc.pdf}
          disabled={isBusy || !hasBody}
          before={
            <Button onClick={() => void openSend()} disabled={isBusy || !hasBody || isSendUnderWay}>
              <Send aria-hidden="true" className="size-4" />
              Send to clients…
            </Button>
          }
          after={
            <Button
              variant="secondary"
              onClick={() => (hasBody ? setConfirmingRedraft(true) : void runRedraft())}
              disabled={isBusy}
              aria-busy={redraft.isPending || undefined}
            >
              <Sparkles aria-hidden="true" className="size-4" />
              {hasBody ? 'Redraft with AI' : 'Draft with AI'}
            </Button>
          }
        />
        {isSendUnderWay ? (
          <div ref={sendProgressRef}>
            <Spinner
              label={
                progress ? `Sending… ${progress.sent + progress.failed} of ${progress.total}` : 'Sending…'
              }
              showLabel
            />
          </div>
        ) : null}
      </div>

      {newsletter.last_send ? <SendReport report={newsletter.last_send} timeZone={timeZone} /> : null}

      <details className={cn(cardClasses, 'group')}>
        <summary className="cursor-pointer font-semibold text-base text-zinc-900 outline-none focus-visible:ring-4 focus-visible:ring-indigo-500/20 dark:text-zinc-50">
          Draft settings
        </summary>
        <div className="mt-4 flex flex-col gap-3">
          <p className={mutedTextClasses}>
            What “Redraft with AI” works from. Saved with the newsletter; redrafting replaces the subject and
            text.
          </p>
          <SettingsFields
            settings={draft.settings}
            errors={errors}
            disabled={redraft.isPending}
            today={today}
            onChange={(settings) => update({ ...draft, settings })}
          />
        </div>
      </details>

      <ConfirmDialog
        isOpen={isConfirmingRedraft}
        onOpenChange={setConfirmingRedraft}
        title="Replace the newsletter?"
        description="The model drafts it again from the settings. The current subject and text, with your edits, are replaced."
        confirmLabel="Replace"
        onConfirm={() => {
          setConfirmingRedraft(false);
          void runRedraft();
        }}
      />
      <SendNewsletterDialog
        isOpen={isSending}
        onOpenChange={setSending}
        newsletter={{ id: newsletter.id, subject: draft.subject, body: draft.body }}
        onSent={() => {
          // The answer says the send is under way (status 'sending'): the effect above reports the end.
          sawSending.current = true;
        }}
      />
    </section>
  );
}
