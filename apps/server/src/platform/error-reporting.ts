// Error reporting (SPEC §9) to a Sentry-compatible service — Sentry or a self-hosted GlitchTip —
// only when SENTRY_DSN is set: without it @sentry/node is never even loaded. Each app has its own
// client and scope (no global `Sentry.init`, no OpenTelemetry, no patched modules), so tests build
// apps with and without a DSN side by side. What an event may carry is decided in one place,
// `scrubErrorEvent` (packages/contracts): the server adds only the method, the route's pattern and
// path, and the user's opaque id — never a body, header, cookie or query string.
import {
  ERROR_SAMPLE_RATE,
  type ErrorReportingSettings,
  scrubBreadcrumb,
  scrubErrorEvent,
  withoutQuery,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export interface ErrorReporter {
  /** What the web app is told (platform/web.ts); undefined when nothing is reported. */
  readonly webSettings: ErrorReportingSettings | undefined;
  /** Reports an error a request ended with (a 500). */
  captureRequestError(error: unknown, request: FastifyRequest): void;
  /** Sends what is queued, then stops (the app's close). */
  close(): Promise<void>;
}

const off: ErrorReporter = {
  webSettings: undefined,
  captureRequestError: () => undefined,
  close: async () => undefined,
};

/** Waits this long at most for queued events at close. */
const FLUSH_MS = 2_000;

export async function createErrorReporter(
  settings: Config['errorReporting'],
  release: string,
): Promise<ErrorReporter> {
  if (!settings) return off;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: settings.dsn,
    environment: settings.environment,
    release,
    sampleRate: ERROR_SAMPLE_RATE,
    // Errors only: no tracing, no sessions, no client reports, no module instrumentation.
    sendClientReports: false,
    enableRuntimeChannelInjection: false,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return {
    webSettings: { dsn: publicDsn(settings.dsn), environment: settings.environment, release },
    captureRequestError(error, request) {
      const eventScope = scope.clone();
      const userId = request.auth?.user.id;
      if (userId) eventScope.setUser({ id: userId });
      eventScope.setTag('route', request.routeOptions.url ?? 'unmatched');
      eventScope.addEventProcessor((event) => ({
        ...event,
        request: { method: request.method, url: withoutQuery(request.url) },
      }));
      eventScope.captureException(error);
    },
    close: async () => {
      await client.close(FLUSH_MS);
    },
  };
}

/** The origins the web app sends error reports to (CSP connect-src): the DSN's, when set. */
export function errorReportingOrigins(settings: Config['errorReporting']): string[] {
  return settings ? [new URL(settings.dsn).origin] : [];
}

/** The DSN without a legacy secret key (`https://public:secret@…`): the page may see only the public one. */
function publicDsn(dsn: string): string {
  const url = new URL(dsn);
  url.password = '';
  return url.toString();
}
