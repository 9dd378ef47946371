// The Sevanta entry (SPEC §2, §7 Startup-CRM). Sevanta links a user here with ?email&system_code;
// the connections screen opens it in a popup. The page checks the session itself (the app's
// automatic check skips this route), keeps a 32-byte nonce in sessionStorage, asks the server for
// the start link's parameters and follows it to the firm's Sevanta. The flow comes back here with
// ?status&nonce: only a nonce this tab made is believed; then the opener is told, or the user gets
// suggestions to start from.
import {
  CONNECTION_FAILURES,
  type ConnectionFailure,
  SEVANTA_NONCE_STORAGE_KEY,
  SEVANTA_SYSTEM_CODE_PATTERN,
} from '@knap/contracts';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { hardNavigate } from '../../lib/navigation';
import { getRunMode } from '../../lib/run-mode';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { CONNECTIONS_FINISHED, notifyOpenerAndClose } from '../../lib/window-messages';
import { initSession } from '../auth/session';
import { useAuthStore } from '../auth/store';
import { getSevantaAuthParams, sevantaStartUrl } from './api';
import { useSevantaSuggestions } from './queries';

export const SEVANTA_COPY = {
  title: 'Connect Sevanta',
  intro: 'Connect your Sevanta deal-flow system so the assistant can work with your pipeline.',
  systemCode: 'Sevanta system code',
  systemCodeHint: 'The name of your firm’s Sevanta system, as in your Sevanta address.',
  continue: 'Continue to Sevanta',
  redirecting: 'Opening Sevanta...',
  checking: 'Checking your session...',
  connected: 'Sevanta is connected',
  connectedIntro: 'Ask the assistant about your pipeline. A few places to start:',
  failed: 'Sevanta was not connected',
  tryAgain: 'Try again',
  openChat: 'Open chat',
  invalidSystemCode: 'Use the letters, digits and hyphens of your Sevanta system, e.g. acme-ventures.',
  staleReturn: 'This Sevanta sign-in was not started in this tab. Please start again.',
} as const;

/** 32 random bytes, base64url: the value the flow must hand back to this tab. */
export function newSevantaNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The system code as the server expects it, or null when it cannot be one. */
export function normalizeSystemCode(raw: string | null): string | null {
  const code = (raw ?? '').trim().toLowerCase();
  return SEVANTA_SYSTEM_CODE_PATTERN.test(code) ? code : null;
}

type View =
  | { kind: 'working'; label: string }
  | { kind: 'form'; email: string; error: string | null }
  | { kind: 'connected' }
  | { kind: 'failed'; message: string };

/** Signs in when needed; null means the browser is being sent to /signin. */
async function ensureSignedIn(returnTo: string, navigate: ReturnType<typeof useNavigate>) {
  await initSession();
  const { user } = useAuthStore.getState();
  if (!user) {
    navigate(`/signin?${new URLSearchParams({ redirect: returnTo })}`, { replace: true });
    return null;
  }
  return user;
}

export function SevantaPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'working', label: SEVANTA_COPY.checking });
  const handled = useRef(false);

  const begin = async (email: string, systemCode: string) => {
    setView({ kind: 'working', label: SEVANTA_COPY.redirecting });
    const nonce = newSevantaNonce();
    writeStorage('session', SEVANTA_NONCE_STORAGE_KEY, nonce);
    try {
      const params = await getSevantaAuthParams({
        email,
        system_code: systemCode,
        mode: getRunMode(),
        nonce,
      });
      hardNavigate(sevantaStartUrl({ email, system_code: systemCode }, params));
    } catch (error) {
      removeStorage('session', SEVANTA_NONCE_STORAGE_KEY);
      setView({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const status = searchParams.get('status');
    if (status) {
      // Back from the flow: believe it only if this tab started it.
      const expected = readStorage('session', SEVANTA_NONCE_STORAGE_KEY);
      removeStorage('session', SEVANTA_NONCE_STORAGE_KEY);
      if (!expected || expected !== searchParams.get('nonce')) {
        setView({ kind: 'failed', message: SEVANTA_COPY.staleReturn });
        return;
      }
      const isConnected = status === 'connected';
      // The reason is a code this page words; text in the address is never shown.
      const reason = searchParams.get('reason') as ConnectionFailure | null;
      const message = isConnected
        ? ''
        : reason && reason in CONNECTION_FAILURES
          ? CONNECTION_FAILURES[reason]
          : SEVANTA_COPY.failed;
      const told = notifyOpenerAndClose({
        type: CONNECTIONS_FINISHED,
        scope: 'sevanta',
        status: isConnected ? 'connected' : 'error',
        message,
      });
      if (told) return;
      if (!isConnected) {
        setView({ kind: 'failed', message });
        return;
      }
      void ensureSignedIn('/sevanta', navigate).then((user) => user && setView({ kind: 'connected' }));
      return;
    }
    void (async () => {
      const returnTo = `/sevanta?${searchParams}`;
      const user = await ensureSignedIn(returnTo, navigate);
      if (!user) return;
      const email = searchParams.get('email')?.trim() || user.email;
      const code = normalizeSystemCode(searchParams.get('system_code'));
      if (code) await begin(email, code);
      else setView({ kind: 'form', email, error: null });
    })();
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-4 dark:bg-zinc-950">
      <section
        aria-labelledby="sevanta-title"
        className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        {view.kind === 'working' ? (
          <div className="flex justify-center py-6">
            <Spinner label={view.label} showLabel />
          </div>
        ) : null}
        {view.kind === 'form' ? (
          <SystemCodeForm
            email={view.email}
            error={view.error}
            onSubmit={(code) => {
              const parsed = normalizeSystemCode(code);
              if (parsed) void begin(view.email, parsed);
              else setView({ ...view, error: SEVANTA_COPY.invalidSystemCode });
            }}
          />
        ) : null}
        {view.kind === 'connected' ? <ConnectedView /> : null}
        {view.kind === 'failed' ? (
          <div>
            <h1 id="sevanta-title" className="flex items-center gap-2 font-semibold text-lg">
              <CircleAlert aria-hidden="true" className="size-5 text-red-600" />
              {SEVANTA_COPY.failed}
            </h1>
            <p role="alert" className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
              {view.message}
            </p>
            <div className="mt-5 flex gap-2">
              <Button
                onClick={() => setView({ kind: 'form', email: searchParams.get('email') ?? '', error: null })}
              >
                {SEVANTA_COPY.tryAgain}
              </Button>
              <Link to="/chat" className={buttonClasses('secondary')}>
                {SEVANTA_COPY.openChat}
              </Link>
            </div>
          </div>
        ) : null}
      </section>
    </main>
  );
}

function SystemCodeForm({
  email,
  error,
  onSubmit,
}: {
  email: string;
  error: string | null;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <h1 id="sevanta-title" className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
        {SEVANTA_COPY.title}
      </h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{SEVANTA_COPY.intro}</p>
      {email ? <p className="mt-1 text-xs text-zinc-500">{email}</p> : null}
      <TextField
        className="mt-4"
        label={SEVANTA_COPY.systemCode}
        hint={SEVANTA_COPY.systemCodeHint}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <Button type="submit" className="mt-4 w-full">
        {SEVANTA_COPY.continue}
      </Button>
    </form>
  );
}

/** Connected: three questions to start from (the user's own pipeline, else SPEC §8's defaults). */
function ConnectedView() {
  const navigate = useNavigate();
  const suggestions = useSevantaSuggestions().data;
  return (
    <div>
      <h1 id="sevanta-title" className="flex items-center gap-2 font-semibold text-lg">
        <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
        {SEVANTA_COPY.connected}
      </h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{SEVANTA_COPY.connectedIntro}</p>
      {suggestions ? (
        <ul className="mt-4 flex flex-col gap-2">
          {suggestions.map((text) => (
            <li key={text}>
              <button
                type="button"
                onClick={() => navigate('/chat', { state: { prompt: text } })}
                className="flex w-full items-center justify-between gap-3 rounded-lg border border-zinc-200 px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                {text}
                <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Spinner label="Loading suggestions..." />
      )}
    </div>
  );
}
