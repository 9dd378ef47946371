// What an error report may carry (SPEC §9: error reporting). The web app and the server send their
// errors to a Sentry-compatible service (Sentry, a self-hosted GlitchTip) only when SENTRY_DSN is
// set, and every event passes through `scrubErrorEvent` first: no client data leaves — no request
// bodies, cookies or headers, no query strings or fragments (they carry OAuth codes, one-shot codes,
// tokens), no email address; the user is an opaque id.

/** The page's `<meta>` with the error-reporting settings the server gives the built app at run time. */
export const ERROR_REPORTING_META = 'knap-error-reporting';

/** What the server hands the web app: unset DSN, nothing loads and nothing is sent. */
export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  release: string;
}

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi;
const EMAIL_SHOWN = '[email]';

/** A URL without its query string and fragment; anything else as it was. */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : url.slice(0, cut);
}

/** A free text with every email address replaced. */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL, EMAIL_SHOWN);
}

interface ScrubbableBreadcrumb {
  message?: string | undefined;
  data?: { [key: string]: unknown } | undefined;
}

/** The parts of a Sentry event that may carry client data (structurally, so no SDK is imported). */
export interface ScrubbableEvent {
  message?: string | undefined;
  user?: { id?: string | number | undefined } | undefined;
  request?:
    | {
        method?: string | undefined;
        url?: string | undefined;
        query_string?: unknown;
        cookies?: unknown;
        data?: unknown;
        headers?: { [key: string]: string } | undefined;
        env?: unknown;
      }
    | undefined;
  exception?: { values?: Array<{ value?: string | undefined }> | undefined } | undefined;
  breadcrumbs?: ScrubbableBreadcrumb[] | undefined;
  extra?: { [key: string]: unknown } | undefined;
  contexts?: { [key: string]: unknown } | undefined;
}

/** Breadcrumb fields that hold a URL (fetch and xhr: url; navigation: from, to). */
const URL_FIELDS = ['url', 'from', 'to'];

/** A breadcrumb with the query strings of its URLs and the email addresses of its text removed. */
export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  if (data)
    for (const field of URL_FIELDS)
      if (typeof data[field] === 'string') data[field] = withoutQuery(data[field] as string);
  return {
    ...breadcrumb,
    ...(breadcrumb.message !== undefined ? { message: withoutEmails(withoutQuery(breadcrumb.message)) } : {}),
    ...(data ? { data } : {}),
  };
}

/** The event as it may leave: see the header of this file. */
export function scrubErrorEvent<E extends ScrubbableEvent>(event: E): E {
  const scrubbed: E = { ...event };
  if (event.user) scrubbed.user = event.user.id === undefined ? undefined : { id: event.user.id };
  if (event.request) {
    const userAgent = event.request.headers?.['User-Agent'] ?? event.request.headers?.['user-agent'];
    scrubbed.request = {
      ...(event.request.method ? { method: event.request.method } : {}),
      ...(event.request.url ? { url: withoutQuery(event.request.url) } : {}),
      ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}),
    };
  }
  if (event.message) scrubbed.message = withoutEmails(event.message);
  if (event.exception?.values)
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) =>
        value.value ? { ...value, value: withoutEmails(value.value) } : value,
      ),
    };
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  // Free-form extras are what a caller attached; none of ours do, so nothing unexpected leaves.
  delete scrubbed.extra;
  return scrubbed;
}
