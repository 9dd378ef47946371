// /onboarding: the first-run guide. Five step cards — name and timezone (an inline form), a
// calendar, a CRM, the notetaker, a first question — each with why it matters, its status from the
// server (done by what the user really has, or skipped), its action and Skip / Undo skip. 'Skip
// setup' turns the chat screen's reminder off for good; the page stays reachable from Knaps.
import { NAME_MAX_LENGTH, type OnboardingStepId, type TOnboardingStep } from '@knap/contracts';
import { Check, Circle, SkipForward } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { EXAMPLE_QUESTIONS, ONBOARDING_COPY, STATUS_LABELS, STEP_COPY } from './copy';
import {
  useDismissOnboarding,
  useOnboarding,
  useSaveProfile,
  useTurnOnNotetaker,
  useUpdateOnboarding,
} from './queries';
import { ProgressBar } from './setup-banner';

const STATUS_STYLES: Record<TOnboardingStep['status'], { Icon: typeof Check; className: string }> = {
  done: {
    Icon: Check,
    className:
      'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30',
  },
  skipped: {
    Icon: SkipForward,
    className:
      'bg-zinc-100 text-zinc-600 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  },
  todo: {
    Icon: Circle,
    className:
      'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30',
  },
};

function StatusBadge({ status }: { status: TOnboardingStep['status'] }) {
  const { Icon, className } = STATUS_STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs ring-1',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The name, and the timezone the app keeps in step with the browser (SPEC: synced whenever it
 * differs from the browser's), shown rather than chosen: a zone picked here would be put back on
 * the next load. Saving stores both and confirms the step.
 */
function ProfileForm({ onSaved }: { onSaved: () => void }) {
  const user = useCurrentUser();
  const timezone = resolveTimeZone(null);
  const [name, setName] = useState(user?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveProfile(user);
  const zoneId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter your name');
      return;
    }
    setNameError(null);
    save.mutate({ name: trimmed, timezone }, { onSuccess: onSaved });
  };

  return (
    <form
      aria-label="Your name and timezone"
      className="flex w-full flex-col gap-3"
      onSubmit={submit}
      noValidate
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          maxLength={NAME_MAX_LENGTH}
          autoComplete="name"
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <span id={zoneId} className="font-medium text-sm text-zinc-800 dark:text-zinc-200">
            Timezone
          </span>
          <output
            aria-labelledby={zoneId}
            className="flex h-10 items-center rounded-lg border border-zinc-200 bg-zinc-50 px-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-100"
          >
            {timezone.replaceAll('_', ' ')}
          </output>
          <p className={mutedTextClasses}>{ONBOARDING_COPY.timezoneFromBrowser}</p>
        </div>
      </div>
      {save.isError ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {save.error.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Save
        </Button>
      </div>
    </form>
  );
}

function ProfileAction({ step }: { step: TOnboardingStep }) {
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  // The form goes once saved: keyboard focus moves to its Edit button rather than being lost.
  useEffect(() => {
    if (saved && step.done) editRef.current?.focus();
  }, [saved, step.done]);
  if (step.done && !editing)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 break-words text-sm text-zinc-800 dark:text-zinc-200">
          {user?.name} · {resolveTimeZone(user?.timezone).replaceAll('_', ' ')}
        </p>
        <Button
          ref={editRef}
          variant="secondary"
          size="sm"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          Edit
        </Button>
      </div>
    );
  return (
    <ProfileForm
      onSaved={() => {
        setEditing(false);
        setSaved(true);
      }}
    />
  );
}

const linkButton = (to: string, label: string) => (
  <Link to={to} className={buttonClasses('primary', 'sm')}>
    {label}
  </Link>
);

function NotetakerAction() {
  const turnOn = useTurnOnNotetaker();
  return (
    <Button
      size="sm"
      disabled={turnOn.isPending}
      aria-busy={turnOn.isPending || undefined}
      onClick={() => turnOn.mutate(undefined, { onError: (error) => toast.error(error.message) })}
    >
      Turn on the notetaker
    </Button>
  );
}

function FirstQuestionAction() {
  const navigate = useNavigate();
  return (
    <ul aria-label="Example questions" className="flex w-full flex-col gap-2">
      {EXAMPLE_QUESTIONS.map((question) => (
        <li key={question}>
          <Button
            variant="secondary"
            className="h-auto min-h-10 w-full justify-start whitespace-normal py-2 text-left"
            onClick={() => navigate('/chat', { state: { prompt: question } })}
          >
            {question}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The notetaker follows a calendar: without one, connecting it comes first. */
function NotetakerStep({ calendarConnected }: { calendarConnected: boolean }) {
  if (calendarConnected) return <NotetakerAction />;
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{ONBOARDING_COPY.notetakerNeedsCalendar}</p>
      {linkButton('/calendar-permissions', 'Connect a calendar')}
    </div>
  );
}

function StepAction({ step, calendarConnected }: { step: TOnboardingStep; calendarConnected: boolean }) {
  switch (step.id) {
    case 'profile':
      return <ProfileAction step={step} />;
    case 'calendar':
      return step.done ? null : linkButton('/calendar-permissions', 'Connect a calendar');
    case 'crm':
      return step.done ? null : linkButton('/connections', 'Connect a CRM');
    case 'notetaker':
      return step.done ? null : <NotetakerStep calendarConnected={calendarConnected} />;
    case 'first_question':
      return <FirstQuestionAction />;
  }
}

const DONE_TEXT: Partial<Record<OnboardingStepId, (detail: string | null) => string>> = {
  calendar: (detail) => `Connected: ${detail ?? 'a calendar'}.`,
  crm: (detail) => `Connected: ${detail ?? 'a CRM'}.`,
  notetaker: () =>
    'The notetaker joins your meetings. Turn it off for a meeting or everywhere from Notetaker.',
  first_question: () => 'You have asked your first question. Try another one any time.',
};

interface StepCardProps {
  step: TOnboardingStep;
  number: number;
  isSaving: boolean;
  onSkip: (skipped: boolean) => void;
  children: ReactNode;
}

function StepCard({ step, number, isSaving, onSkip, children }: StepCardProps) {
  const titleId = useId();
  const { title, why } = STEP_COPY[step.id];
  const doneText = step.done ? DONE_TEXT[step.id]?.(step.detail) : undefined;
  return (
    <li aria-labelledby={titleId} className={cn(cardClasses, 'flex min-w-0 flex-col gap-3')}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 font-semibold text-indigo-700 text-sm dark:bg-indigo-500/10 dark:text-indigo-300"
          >
            {number}
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
              {title}
            </h2>
            <p className={cn(mutedTextClasses, 'mt-0.5')}>{why}</p>
          </div>
        </div>
        <div className="shrink-0">
          <StatusBadge status={step.status} />
        </div>
      </div>
      {doneText ? <p className="text-emerald-800 text-sm dark:text-emerald-200">{doneText}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {step.done ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={titleId}
            // Not `disabled`: a disabled button drops keyboard focus, and this one keeps it while
            // its label turns from Skip to Undo skip.
            aria-disabled={isSaving || undefined}
            onClick={() => (isSaving ? undefined : onSkip(!step.skipped))}
          >
            {step.skipped ? 'Undo skip' : 'Skip'}
          </Button>
        )}
      </div>
    </li>
  );
}

export function OnboardingPage() {
  const onboarding = useOnboarding();
  const update = useUpdateOnboarding();
  const dismiss = useDismissOnboarding();
  const navigate = useNavigate();
  const state = onboarding.data;
  const savingStep = update.isPending ? Object.keys(update.variables?.skip ?? {})[0] : undefined;

  const skip = (id: OnboardingStepId, skipped: boolean) =>
    update.mutate({ skip: { [id]: skipped } }, { onError: (error) => toast.error(error.message) });

  const calendarConnected = state?.steps.some((s) => s.id === 'calendar' && s.done) ?? false;

  const skipSetup = () =>
    dismiss.mutate(undefined, {
      onSuccess: () => {
        toast.success('Setup skipped. You can finish it any time from Knaps.');
        navigate('/chat');
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <Page>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
            {ONBOARDING_COPY.heading}
          </h1>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{ONBOARDING_COPY.intro}</p>
        </div>
        {state && !state.dismissed_at && !state.completed ? (
          <Button
            variant="secondary"
            onClick={skipSetup}
            disabled={dismiss.isPending}
            aria-busy={dismiss.isPending || undefined}
          >
            {ONBOARDING_COPY.skipSetup}
          </Button>
        ) : null}
      </header>

      {onboarding.isPending ? (
        <Spinner label="Loading your setup" showLabel />
      ) : onboarding.isError ? (
        <ErrorNotice message={onboarding.error.message} onRetry={() => void onboarding.refetch()} />
      ) : (
        <>
          <section aria-label="Progress" className="flex flex-col gap-2">
            <p className="font-medium text-sm text-zinc-800 dark:text-zinc-200" aria-live="polite">
              {ONBOARDING_COPY.progress(onboarding.data.done_count, onboarding.data.total)}
            </p>
            <ProgressBar done={onboarding.data.done_count} total={onboarding.data.total} />
            {onboarding.data.completed ? (
              <div className="flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100">
                <p className="font-medium">{ONBOARDING_COPY.allSet}</p>
                <Link to="/chat" className={buttonClasses('secondary', 'sm')}>
                  Go to chat
                </Link>
              </div>
            ) : onboarding.data.dismissed_at ? (
              <p className={mutedTextClasses}>{ONBOARDING_COPY.dismissed}</p>
            ) : null}
          </section>
          <ol aria-label="Setup steps" className="flex flex-col gap-4">
            {onboarding.data.steps.map((step, i) => (
              <StepCard
                key={step.id}
                step={step}
                number={i + 1}
                isSaving={savingStep === step.id}
                onSkip={(skipped) => skip(step.id, skipped)}
              >
                <StepAction step={step} calendarConnected={calendarConnected} />
              </StepCard>
            ))}
          </ol>
        </>
      )}
    </Page>
  );
}
