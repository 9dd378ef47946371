// A drafted message the user edits before it leaves (prospecting emails, outreach messages), and
// the Send button that goes through the approval dialog first.
import type { TEmailSendResult } from '@knap/contracts';
import { Check, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SENT_TO, SendEmailDialog } from './send-email-dialog';

export interface Draft {
  subject: string;
  body: string;
}

export interface DraftFieldsProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** Once sent, the text stays as it left. */
  isReadOnly?: boolean;
}

export function DraftFields({ draft, onChange, isReadOnly = false }: DraftFieldsProps) {
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label="Subject"
        value={draft.subject}
        readOnly={isReadOnly}
        maxLength={300}
        onChange={(e) => onChange({ ...draft, subject: e.target.value })}
      />
      <TextAreaField
        label="Message"
        value={draft.body}
        readOnly={isReadOnly}
        rows={8}
        onChange={(e) => onChange({ ...draft, body: e.target.value })}
      />
    </div>
  );
}

export function SentMark({ label = 'Sent' }: { label?: string }) {
  return (
    <span className="inline-flex h-8 items-center gap-1.5 rounded-full bg-emerald-50 px-3 font-medium text-emerald-700 text-sm dark:bg-emerald-500/10 dark:text-emerald-300">
      <Check aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}

export interface SendDraftButtonProps {
  /** The recipient's address. */
  to: string;
  /** The recipient's name, for the toast. */
  name: string;
  draft: Draft;
  onSent: (result: TEmailSendResult) => void;
}

/** 'Send': opens the approval dialog; only its 'Send email' sends. Toasts where the email went. */
export function SendDraftButton({ to, name, draft, onSent }: SendDraftButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const isEmpty = !draft.subject.trim() || !draft.body.trim();
  return (
    <>
      <Button size="sm" disabled={isEmpty} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" className="size-4" />
        Send
      </Button>
      <SendEmailDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        email={{ to, subject: draft.subject.trim(), body: draft.body }}
        onSent={(result) => {
          toast.success(
            result.delivered_to === 'review' ? `Email to ${name} sent for review` : `Email to ${name} sent`,
            { description: SENT_TO[result.delivered_to] },
          );
          onSent(result);
        }}
      />
    </>
  );
}
