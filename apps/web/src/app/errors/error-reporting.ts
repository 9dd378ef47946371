// Error reporting in the browser (SPEC §9), only when the server names a DSN in the page's
// <meta name="knap-error-reporting"> (platform/web.ts): then the SDK (./sentry.ts, its own chunk)
// loads after the first render is scheduled; without one, no SDK code loads and nothing is sent.
import { ERROR_REPORTING_META, type ErrorReportingSettings } from '@knap/contracts';
import { useAuthStore } from '../../features/auth/store';

type Sdk = Awaited<ReturnType<typeof import('./sentry')['startSentry']>>;

let sdk: Promise<Sdk | null> | null = null;

/** The settings the server put in the page, or null (no DSN, or a tag that does not read). */
export function errorReportingSettings(doc: Document = document): ErrorReportingSettings | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${ERROR_REPORTING_META}"]`)?.content;
  if (!content) return null;
  try {
    const value = JSON.parse(content) as Partial<ErrorReportingSettings>;
    if (typeof value.dsn !== 'string' || !value.dsn) return null;
    return { dsn: value.dsn, environment: value.environment ?? 'production', release: value.release ?? '' };
  } catch {
    return null;
  }
}

/** Loads and starts the SDK when the page names a DSN; the user is reported by id only. */
export function startErrorReporting(): void {
  const settings = errorReportingSettings();
  if (!settings || sdk) return;
  sdk = import('./sentry')
    .then(({ startSentry }) => {
      const started = startSentry(settings);
      const reportUser = (id: string | undefined) => started.setUser(id ? { id } : null);
      reportUser(useAuthStore.getState().user?.id);
      useAuthStore.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) reportUser(state.user?.id);
      });
      return started;
    })
    .catch((error: unknown) => {
      console.warn('Error reporting did not start', error);
      return null;
    });
}

/** Reports an error an error boundary caught (uncaught ones the SDK sees itself). */
export function reportError(error: unknown): void {
  void sdk?.then((started) => started?.captureException(error));
}
