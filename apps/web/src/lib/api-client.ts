// The one typed fetch wrapper for our API: bearer token (refreshed before each request when stale),
// cookies, JSON in and out, and SPEC §8's error mapping.
import { ERR } from '@knap/contracts';
import { reportReachable, reportUnreachable } from './connection';
import { tokenManager } from './token-manager';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** What a failed response looked like, for calls whose SPEC error text embeds status or body. */
export interface ApiFailure {
  status: number;
  statusText: string;
  /** The raw response body text. */
  body: string;
  /** The `detail` field of a JSON error body, when there is one. */
  detail?: string;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  /** Send the bearer token. Off only for the sign-in calls that create a session. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Replaces the generic error text, e.g. getUser's 'Failed to get user: {status} {statusText} - {body}'. */
  errorMessage?: (failure: ApiFailure) => string;
}

const unauthorizedListeners = new Set<() => void>();

/** The auth store subscribes here to drop the stored user when the API answers 401. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The status text of a failed call, for SPEC §8 texts like 'Failed to get chats: {status text}'.
 * HTTP/2 responses and network failures have none, so the server's detail or the error's own
 * message stands in rather than leaving the text blank.
 */
export function statusTextOf(error: unknown): string {
  if (error instanceof ApiError) return error.statusText || error.detail || error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The call got no answer (status 0), or a gateway's or an overloaded server's 502/503/504. */
export function isServerAway(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || [502, 503, 504].includes(error.status));
}

function readDetail(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string') {
      return parsed.detail;
    }
  } catch {
    // Not JSON: there is no detail to show.
  }
  return undefined;
}

export interface ApiFetchOptions extends Omit<RequestInit, 'headers' | 'credentials'> {
  headers?: Record<string, string>;
  /** Send the bearer token. Off only for the sign-in calls that create a session. Default true. */
  auth?: boolean;
  errorMessage?: ApiRequestOptions['errorMessage'];
}

/**
 * fetch for our API with the bearer token and cookies; a network failure or a non-2xx answer throws
 * an ApiError (SPEC §8 mapping). Returns the response unread, for callers that stream the body.
 */
export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { auth = true, errorMessage, headers: given, ...init } = options;
  const headers: Record<string, string> = { ...given };
  if (auth) headers.Authorization = `Bearer ${await tokenManager.getAccessToken()}`;

  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, credentials: 'include' });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    // Offline or blocked: the browser's own message ('Failed to fetch') means nothing to a user.
    // The banner says the server cannot be reached, and the app polls until it answers.
    reportUnreachable();
    throw new ApiError(ERR.generic, 0, '', undefined);
  }
  reportReachable();
  if (res.ok) return res;

  const text = await res.text().catch(() => '');
  const failure: ApiFailure = { status: res.status, statusText: res.statusText, body: text };
  const detail = readDetail(text);
  if (detail !== undefined) failure.detail = detail;

  // A 401 on an authenticated call means the session is gone; on the sign-in calls it only means
  // wrong credentials, and the server's detail is what the user needs to see.
  if (res.status === 401 && auth) {
    for (const listener of unauthorizedListeners) listener();
    throw new ApiError(errorMessage?.(failure) ?? ERR.unauthorized, res.status, res.statusText, detail);
  }
  throw new ApiError(errorMessage?.(failure) ?? detail ?? ERR.generic, res.status, res.statusText, detail);
}

/**
 * What a response is parsed with: its zod schema from @knap/contracts. Only `parse` is used, so this
 * module (on the first load, which carries no zod) needs nothing of zod itself.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A schema imported when the call is made, in parallel with the request: how a module on the first
 * load parses, since that load carries no zod (docs/ARCHITECTURE.md, Web).
 */
export type LazyResponseSchema<T> = () => Promise<ResponseSchema<T>>;

type FirstLoadSchemas = typeof import('./first-load-schemas');

/** `lazySchema('ZChat')`: that schema of first-load-schemas.ts, imported on first use. */
export const lazySchema =
  <K extends keyof FirstLoadSchemas>(name: K) =>
  async (): Promise<FirstLoadSchemas[K]> =>
    (await import('./first-load-schemas'))[name];

/**
 * The response taken as it comes, unparsed: only for the calls a first load itself makes (the
 * signed-in user, their organizations and time zone, the unread count, the suggestions, the
 * onboarding state; the sign-in providers), whose schemas would bring zod onto that load.
 */
export const unchecked = <T>(): ResponseSchema<T> => ({ parse: (data) => data as T });

/** A 2xx answer that is not what the contract says: a bug on one side, said generically to the user. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';

  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(ERR.generic, { cause });
  }
}

/** Calls the API and parses the JSON answer with the response's contract schema. */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T> | LazyResponseSchema<T>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { method = 'GET', body, auth = true, signal, errorMessage } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const loading = Promise.resolve(typeof schema === 'function' ? schema() : schema);
  // A failed request is what the caller hears about, not a schema that then failed to load.
  loading.catch(() => undefined);
  const res = await apiFetch(path, {
    method,
    headers,
    auth,
    errorMessage,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  const parser = await loading;
  try {
    return parser.parse(text ? JSON.parse(text) : undefined);
  } catch (cause) {
    console.error(`Unexpected answer from ${path}`, cause);
    throw new ResponseShapeError(path, cause);
  }
}

/**
 * Posts a form with a file, telling `onProgress` how much of it has gone (0 to 1): fetch cannot say,
 * so this is XMLHttpRequest, with the same token, errors and answer parsing as apiRequest.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  schema: ResponseSchema<T> | LazyResponseSchema<T>,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const loading = Promise.resolve(typeof schema === 'function' ? schema() : schema);
  loading.catch(() => undefined);
  const token = await tokenManager.getAccessToken();
  const { status, statusText, body } = await new Promise<{
    status: number;
    statusText: string;
    body: string;
  }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, statusText: '', body: '' });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (status === 0) {
    reportUnreachable();
    throw new ApiError(ERR.generic, 0, '', undefined);
  }
  reportReachable();
  if (status < 200 || status >= 300) {
    const detail = readDetail(body);
    if (status === 401) for (const listener of unauthorizedListeners) listener();
    throw new ApiError(
      detail ?? (status === 401 ? ERR.unauthorized : ERR.generic),
      status,
      statusText,
      detail,
    );
  }
  const parser = await loading;
  try {
    return parser.parse(body ? JSON.parse(body) : undefined);
  } catch (cause) {
    console.error(`Unexpected answer from ${path}`, cause);
    throw new ResponseShapeError(path, cause);
  }
}
