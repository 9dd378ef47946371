// Whom to prepare for: a name and/or an email address (one of them is needed) and the company.
// "Prepare briefing" gathers what the user's meetings and CRMs know, and passages of the client
// documents chosen, and has the model draft it.
import { FIRST_IMPRESSION_LIMITS as L, type TBriefing } from '@knap/contracts';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { bodyFieldErrors, type FieldErrors } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { DocumentChoice } from '../../documents/components/document-choice';
import { useDocuments } from '../../documents/queries';
import { useCreateBriefing } from '../queries';

/** A light check: the server decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkProspect(fields: { name: string; email: string; company: string }): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  const email = fields.email.trim();
  if (!name && !email) errors.name = 'Enter a name or an email address';
  if (email && !EMAIL.test(email)) errors.email = 'Enter a valid email address, or leave it empty';
  return errors;
}

export interface PrepareFormProps {
  onCreated: (briefing: TBriefing) => void;
}

export function PrepareForm({ onCreated }: PrepareFormProps) {
  const [fields, setFields] = useState({ name: '', email: '', company: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateBriefing();
  const documents = useDocuments();
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const refusal = create.error instanceof ApiError ? bodyFieldErrors(create.error.detail) : {};
  const shown = { ...refusal, ...errors };
  const generalError = create.error && Object.keys(refusal).length === 0 ? create.error.message : null;

  const set = (field: keyof typeof fields) => (e: { target: { value: string } }) => {
    setFields({ ...fields, [field]: e.target.value });
    if (errors[field] || (field === 'email' && errors.name)) setErrors({});
    if (create.error) create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkProspect(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      {
        name: fields.name.trim() || null,
        email: fields.email.trim() || null,
        company: fields.company.trim() || null,
        ...(documentIds.length ? { document_ids: documentIds } : {}),
      },
      {
        onSuccess: (briefing) => {
          setFields({ name: '', email: '', company: '' });
          setDocumentIds([]);
          onCreated(briefing);
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="prepare-briefing"
      noValidate
      onSubmit={submit}
      className={cn(cardClasses, 'flex flex-col gap-4')}
    >
      <div className="flex flex-col gap-1">
        <h2 id="prepare-briefing" className={cardHeadingClasses}>
          Prepare for a first meeting
        </h2>
        <p className={mutedTextClasses}>
          A name or an email address is enough. Your meetings, their notes and your connected CRMs are
          searched.
        </p>
      </div>
      <TextField
        label="Name"
        autoComplete="off"
        value={fields.name}
        maxLength={L.name}
        error={shown.name}
        disabled={create.isPending}
        onChange={set('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={fields.email}
        maxLength={L.email}
        error={shown.email}
        disabled={create.isPending}
        onChange={set('email')}
      />
      <TextField
        label="Company"
        hint="Optional"
        autoComplete="off"
        value={fields.company}
        maxLength={L.company}
        error={shown.company}
        disabled={create.isPending}
        onChange={set('company')}
      />
      <DocumentChoice
        documents={documents.data}
        clientName={fields.name.trim() || null}
        chosen={documentIds}
        onChange={setDocumentIds}
        max={L.documents}
        disabled={create.isPending}
        note="the briefing cites the page it used"
      />
      <div className="flex flex-col gap-3">
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          <Sparkles aria-hidden="true" className="size-4" />
          Prepare briefing
        </Button>
        {create.isPending ? (
          <Spinner label="Gathering what is known and drafting the briefing…" showLabel />
        ) : null}
        {generalError && !create.isPending ? (
          <p role="alert" className="text-red-600 text-sm dark:text-red-400">
            {generalError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
