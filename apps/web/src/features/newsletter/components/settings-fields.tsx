// What the model drafts from: topics, tone and length for a newsletter; the quarter, the advisor's
// figures, firm news and a tip topic for a quarterly edition. Used to start one and, in the editor,
// to change them before drafting again.
import {
  NEWSLETTER_LENGTHS,
  NEWSLETTER_LIMITS,
  NEWSLETTER_TONE_LABELS,
  NEWSLETTER_TONES,
  NEWSLETTER_TOPIC_SUGGESTIONS,
  type NewsletterLength,
  type NewsletterTone,
  type TNewsletterSettings,
  type TQuarterlySettings,
  type TTopicsSettings,
} from '@knap/contracts';
import { Check, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { labelClasses, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import type { FieldErrors } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { quarterOptions } from '../quarters';

const LENGTH_LABELS: Record<NewsletterLength, string> = {
  short: 'Short (a paragraph per topic)',
  medium: 'Medium (two paragraphs per topic)',
  long: 'Long (three paragraphs per topic)',
};

const chipClasses = (isOn: boolean) =>
  cn(
    'inline-flex min-h-8 items-center gap-1 rounded-full border px-3 text-sm outline-none transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/20 disabled:opacity-60',
    isOn
      ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500 dark:border-indigo-500 dark:bg-indigo-500'
      : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800',
  );

interface TopicsFieldsProps {
  settings: TTopicsSettings;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (settings: TTopicsSettings) => void;
}

function TopicsFields({ settings, errors, disabled, onChange }: TopicsFieldsProps) {
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const errorId = useId();
  const chosen = settings.topics;
  const isChosen = (topic: string) => chosen.some((t) => t.toLowerCase() === topic.toLowerCase());
  const toggle = (topic: string) =>
    onChange({
      ...settings,
      topics: isChosen(topic)
        ? chosen.filter((t) => t.toLowerCase() !== topic.toLowerCase())
        : [...chosen, topic],
    });
  const customTopics = chosen.filter(
    (t) => !NEWSLETTER_TOPIC_SUGGESTIONS.some((s) => s.toLowerCase() === t.toLowerCase()),
  );

  const addCustom = () => {
    const topic = custom.trim();
    let problem: string | null = null;
    if (!topic) problem = 'Type a topic to add first.';
    else if (topic.length > NEWSLETTER_LIMITS.topicChars)
      problem = `At most ${NEWSLETTER_LIMITS.topicChars} characters.`;
    else if (isChosen(topic)) problem = `“${topic}” is chosen already.`;
    else if (chosen.length >= NEWSLETTER_LIMITS.topics)
      problem = `Pick at most ${NEWSLETTER_LIMITS.topics} topics.`;
    setCustomError(problem);
    if (problem) return;
    onChange({ ...settings, topics: [...chosen, topic] });
    setCustom('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addCustom();
  };
  const topicsError = errors['settings.topics'] ?? errors.topics;

  return (
    <div className="flex flex-col gap-4">
      <fieldset aria-describedby={topicsError ? errorId : undefined} className="flex min-w-0 flex-col gap-2">
        <legend className={cn(labelClasses, 'mb-2')}>Topics</legend>
        <div className="flex flex-wrap gap-2">
          {[...NEWSLETTER_TOPIC_SUGGESTIONS, ...customTopics].map((topic) => {
            const isOn = isChosen(topic);
            return (
              <button
                key={topic}
                type="button"
                aria-pressed={isOn}
                disabled={disabled || (!isOn && chosen.length >= NEWSLETTER_LIMITS.topics)}
                onClick={() => toggle(topic)}
                className={chipClasses(isOn)}
              >
                {isOn ? <Check aria-hidden="true" className="size-3.5" /> : null}
                {topic}
              </button>
            );
          })}
        </div>
        {topicsError ? (
          <p id={errorId} className="text-red-600 text-xs dark:text-red-400">
            {topicsError}
          </p>
        ) : (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {chosen.length} of at most {NEWSLETTER_LIMITS.topics} chosen, in the order you pick them.
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Another topic"
          value={custom}
          maxLength={NEWSLETTER_LIMITS.topicChars + 20}
          disabled={disabled}
          error={customError}
          placeholder="e.g. Long-term care"
          onChange={(e) => setCustom(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1"
        />
        <Button
          variant="secondary"
          onClick={addCustom}
          disabled={disabled}
          className={customError ? 'mb-5' : ''}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add topic
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Tone"
          value={settings.tone}
          disabled={disabled}
          options={NEWSLETTER_TONES.map((tone) => ({ value: tone, label: NEWSLETTER_TONE_LABELS[tone] }))}
          onChange={(e) => onChange({ ...settings, tone: e.target.value as NewsletterTone })}
        />
        <SelectField
          label="Length"
          value={settings.length}
          disabled={disabled}
          options={NEWSLETTER_LENGTHS.map((length) => ({ value: length, label: LENGTH_LABELS[length] }))}
          onChange={(e) => onChange({ ...settings, length: e.target.value as NewsletterLength })}
        />
      </div>
      <TextAreaField
        label="Anything the draft should keep in mind (optional)"
        hint="Who reads it, what happened lately. The draft adds no figures of its own."
        value={settings.note}
        rows={3}
        maxLength={NEWSLETTER_LIMITS.note}
        disabled={disabled}
        error={errors['settings.note']}
        onChange={(e) => onChange({ ...settings, note: e.target.value })}
      />
    </div>
  );
}

interface QuarterlyFieldsProps {
  settings: TQuarterlySettings;
  errors: FieldErrors;
  disabled: boolean;
  today: Date;
  onChange: (settings: TQuarterlySettings) => void;
}

function QuarterlyFields({ settings, errors, disabled, today, onChange }: QuarterlyFieldsProps) {
  const options = quarterOptions(today);
  if (!options.includes(settings.quarter)) options.push(settings.quarter);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Quarter"
          value={settings.quarter}
          disabled={disabled}
          error={errors['settings.quarter']}
          options={options.map((q) => ({ value: q, label: q }))}
          onChange={(e) => onChange({ ...settings, quarter: e.target.value })}
        />
        <TextField
          label="Planning tip topic (optional)"
          value={settings.tip_topic}
          maxLength={NEWSLETTER_LIMITS.tipTopic}
          disabled={disabled}
          error={errors['settings.tip_topic']}
          placeholder="Left empty: a tip for the season"
          onChange={(e) => onChange({ ...settings, tip_topic: e.target.value })}
        />
      </div>
      <TextAreaField
        label="Figures for the quarter (optional)"
        hint="One per line, e.g. “S&P 500: +4.2%”. They are listed in the market recap, and the draft uses no other numbers."
        value={settings.figures}
        rows={4}
        maxLength={NEWSLETTER_LIMITS.figures}
        disabled={disabled}
        error={errors['settings.figures']}
        onChange={(e) => onChange({ ...settings, figures: e.target.value })}
      />
      <TextAreaField
        label="Firm news (optional)"
        hint="Put in exactly as you write it: new team members, events, office hours."
        value={settings.firm_news}
        rows={4}
        maxLength={NEWSLETTER_LIMITS.firmNews}
        disabled={disabled}
        error={errors['settings.firm_news']}
        onChange={(e) => onChange({ ...settings, firm_news: e.target.value })}
      />
    </div>
  );
}

export interface SettingsFieldsProps {
  settings: TNewsletterSettings;
  errors?: FieldErrors;
  disabled?: boolean;
  today: Date;
  onChange: (settings: TNewsletterSettings) => void;
}

export function SettingsFields({
  settings,
  errors = {},
  disabled = false,
  today,
  onChange,
}: SettingsFieldsProps) {
  return settings.kind === 'topics' ? (
    <TopicsFields settings={settings} errors={errors} disabled={disabled} onChange={onChange} />
  ) : (
    <QuarterlyFields
      settings={settings}
      errors={errors}
      disabled={disabled}
      today={today}
      onChange={onChange}
    />
  );
}
