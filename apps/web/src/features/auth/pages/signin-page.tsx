import { type LoginProvider, PASSWORD_MIN_LENGTH } from '@knap/contracts';
import { useMutation } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { TextField } from '../../../components/ui/field';
import { Logo } from '../../../components/ui/logo';
import { hardNavigate } from '../../../lib/navigation';
import { isWidgetMode } from '../../../lib/run-mode';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { login, providerStartUrl, register } from '../api';
import { GoogleIcon, MicrosoftIcon } from '../components/provider-icons';
import { useAuthProviders } from '../queries';
import { establishSession } from '../session';
import { openSignInPopup } from '../sign-in-popup';
import { useAuthNotice, useAuthStatus } from '../store';

type Mode = 'signin' | 'register';

const tabClasses =
  'h-9 rounded-md font-medium text-sm text-zinc-600 transition-colors hover:text-zinc-900 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-50 dark:hover:text-zinc-100';

/** Where to go after signing in: ?redirect=, else the router state RequireAuth left, else /chat. */
function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: string } | null)?.from;
  return safeRedirectPath(searchParams.get('redirect') ?? fromState);
}

interface AuthFormProps {
  mode: Mode;
}

function AuthForm({ mode }: AuthFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const isRegister = mode === 'register';

  // On success the auth store flips to 'authenticated' and the page redirects; nothing to do here.
  const submit = useMutation({
    mutationFn: async () => {
      const { access_token } = isRegister
        ? await register({ email, password, name })
        : await login({ email, password });
      await establishSession(access_token);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={submit.isPending}>
      {isRegister ? (
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        required
        minLength={isRegister ? PASSWORD_MIN_LENGTH : undefined}
        hint={isRegister ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {submit.error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          {submit.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={submit.isPending} className="mt-1 w-full">
        {isRegister ? 'Create account' : 'Sign in'}
      </Button>
    </form>
  );
}

interface ProviderButtonsProps {
  returnTo: string;
}

function ProviderButtons({ returnTo }: ProviderButtonsProps) {
  const { data: providers } = useAuthProviders();
  const enabled: { id: LoginProvider; label: string; icon: ReactNode }[] = [];
  if (providers?.google) enabled.push({ id: 'google', label: 'Continue with Google', icon: <GoogleIcon /> });
  if (providers?.microsoft)
    enabled.push({ id: 'microsoft', label: 'Continue with Microsoft', icon: <MicrosoftIcon /> });
  if (enabled.length === 0) return null;

  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-zinc-500 uppercase tracking-wide dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="flex flex-col gap-3">
        {enabled.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            size="lg"
            className="w-full"
            // In the widget the provider's pages cannot be framed: sign in in a popup instead.
            onClick={() =>
              isWidgetMode()
                ? openSignInPopup(provider.id)
                : hardNavigate(providerStartUrl(provider.id, returnTo))
            }
          >
            {provider.icon}
            {provider.label}
          </Button>
        ))}
      </div>
    </>
  );
}

export function SignInPage() {
  const status = useAuthStatus();
  const redirectTo = useRedirectTarget();
  const [mode, setMode] = useState<Mode>('signin');
  const notice = useAuthNotice();
  const [popupBlocked, setPopupBlocked] = useState(false);

  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;
  if (status === 'checking') return <DelayedSpinner fullScreen label="Checking your session" />;

  return (
    <main className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-500/10"
      />
      <div className="relative w-full max-w-[420px]">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo />
          <h1 className="mt-6 font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
            {mode === 'signin' ? 'Welcome back' : 'Create your account'}
          </h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            The AI assistant workspace for financial advisors.
          </p>
        </div>

        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60">
          {notice ? (
            <p
              role="alert"
              className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800 text-sm dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
            >
              {notice}
            </p>
          ) : null}
          <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
            <Tabs.List
              aria-label="Sign in or create an account"
              className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/80"
            >
              <Tabs.Trigger value="signin" className={tabClasses}>
                Sign in
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClasses}>
                Create account
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin">
              <AuthForm mode="signin" />
            </Tabs.Content>
            <Tabs.Content value="register">
              <AuthForm mode="register" />
            </Tabs.Content>
          </Tabs.Root>
          <ProviderButtons returnTo={redirectTo} />
          {isWidgetMode() ? (
            <div className="mt-4 flex flex-col gap-2">
              <Button variant="ghost" className="w-full" onClick={() => setPopupBlocked(!openSignInPopup())}>
                Sign in in a new window
              </Button>
              {popupBlocked ? (
                <p role="alert" className="text-center text-red-600 text-sm dark:text-red-400">
                  The sign-in window was blocked. Allow pop-ups for this site and try again.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}
