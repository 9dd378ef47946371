// Starting a newsletter: its settings, then the model drafts it into the template. The newsletter is
// saved before the model is asked, so a failed draft keeps what was typed here.
import {
  type NewsletterKind,
  type TNewsletter,
  type TNewsletterSettings,
  ZNewsletterSettings,
} from '@knap/contracts';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import type { FieldErrors } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { lastQuarter } from '../quarters';
import { useCreateNewsletter } from '../queries';
import { SettingsFields } from './settings-fields';

export function initialSettings(kind: NewsletterKind, today: Date): TNewsletterSettings {
  return kind === 'topics'
    ? { kind, topics: [], tone: 'warm', length: 'medium', note: '' }
    : { kind, quarter: lastQuarter(today), figures: '', firm_news: '', tip_topic: '' };
}

export interface NewNewsletterFormProps {
  kind: NewsletterKind;
  today: Date;
  onCreated: (newsletter: TNewsletter) => void;
}

export function NewNewsletterForm({ kind, today, onCreated }: NewNewsletterFormProps) {
  const [settings, setSettings] = useState<TNewsletterSettings>(() => initialSettings(kind, today));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateNewsletter();
  const title = kind === 'topics' ? 'New newsletter' : 'New quarterly edition';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZNewsletterSettings.safeParse(settings);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues)
        found[`settings.${issue.path.filter((p) => typeof p === 'string').join('.')}`] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onCreated });
  };

  return (
    <form
      aria-labelledby="new-newsletter"
      onSubmit={submit}
      className={cn(cardClasses, 'flex min-w-0 flex-col gap-5')}
      noValidate
    >
      <div className="flex flex-col gap-1">
        <h2 id="new-newsletter" className={cardHeadingClasses}>
          {title}
        </h2>
        <p className={mutedTextClasses}>
          {kind === 'topics'
            ? 'Pick the topics, the tone and the length; the draft greets each client by first name and ends with your signature and a disclaimer.'
            : 'Market recap, outlook and a planning tip are drafted for you; your figures and firm news go in as you write them.'}
        </p>
      </div>
      <SettingsFields
        settings={settings}
        errors={errors}
        disabled={create.isPending}
        today={today}
        onChange={(next) => {
          setSettings(next);
          setErrors({});
        }}
      />
      {create.isError ? <ErrorNotice message={create.error.message} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          <Sparkles aria-hidden="true" className="size-4" />
          {kind === 'topics' ? 'Draft newsletter' : 'Draft commentary'}
        </Button>
        {create.isPending ? <Spinner label="Drafting with AI" showLabel /> : null}
      </div>
    </form>
  );
}
