// One way to call an outside system's REST API as the user, through one of their connections:
// a fresh token (refreshed by oauth/service.ts), a timeout, a size-bounded JSON answer, and errors the
// user can read ({detail} with 409 when not connected, 404 when the record is gone, 502 otherwise).
import { CONNECTION_DETAIL, DETAIL, INTEGRATION_NAMES, type IntegrationId } from '@knap/contracts';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError } from '../../../platform/errors.js';
import * as repo from '../oauth/repo.js';
import { salesforceInstanceUrl } from '../oauth/salesforce.js';
import { accessTokenFor, unusableDetail } from '../oauth/service.js';

const TIMEOUT_MS = 15_000;
/** Answers larger than this are refused rather than read into memory. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface ProviderRequest {
  /** Absolute URL, or a path joined to the connection's instance URL (Salesforce, Sevanta). */
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** How the token is sent; most APIs take a bearer token, Zoho its own scheme. */
  authScheme?: 'Bearer' | 'Zoho-oauthtoken';
  /** The detail of a 404 answer (default 'Not found'). */
  notFound?: string;
  /** Other statuses that mean "no such record" for this API (Dropbox answers a missing path 409). */
  notFoundStatuses?: number[];
  /** Read the answer as text instead of JSON. */
  text?: boolean;
  /** Thrown on 410 Gone (a sync cursor the provider no longer knows), so the caller can start over. */
  goneAs?: new () => Error;
}

/** A connected API of one user: `call` sends a request with their token. */
export interface ProviderApi {
  type: IntegrationId;
  /**
   * The connection's instance URL (Salesforce org, Sevanta system, Zoho account's API domain), when
   * it has one.
   */
  instanceUrl: string | null;
  /** The account's own address, as the provider told it when connected (null when it did not). */
  accountEmail: string | null;
  call<T = unknown>(request: ProviderRequest): Promise<T>;
}

/**
 * The user's connection of `type`, ready to call; 409 '{Name} is not connected' otherwise, or
 * '{Name}: permission not granted — reconnect and allow X' when granted less than it needs.
 */
export async function providerApi(deps: AppDeps, userId: string, type: IntegrationId): Promise<ProviderApi> {
  const token = await accessTokenFor(deps, userId, type);
  if (!token) throw new HttpError(409, await unusableDetail(deps, userId, type));
  const row = await repo.findConnectionByType(deps.db.db, userId, type);
  // A Salesforce org's host is checked again where it is used (connections stored before the
  // check); any other type's instance URL was set by us (Sevanta) or checked when stored (Zoho).
  const instanceUrl =
    type === 'salesforce'
      ? salesforceInstanceUrl(deps.config, row?.instance_url)
      : (row?.instance_url ?? null);
  return {
    type,
    instanceUrl,
    accountEmail: row?.account_email ?? null,
    async call<T>(request: ProviderRequest): Promise<T> {
      const url = /^https?:\/\//.test(request.url) ? request.url : `${instanceUrl ?? ''}${request.url}`;
      if (!/^https?:\/\//.test(url))
        throw new HttpError(502, CONNECTION_DETAIL.noInstance(INTEGRATION_NAMES[type]));
      const body =
        request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : JSON.stringify(request.body);
      const res = await fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          authorization: `${request.authScheme ?? 'Bearer'} ${token}`,
          accept: request.text ? '*/*' : 'application/json',
          ...(typeof request.body === 'object' ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch(() => null);
      if (res && (res.status === 404 || request.notFoundStatuses?.includes(res.status))) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(404, request.notFound ?? DETAIL.notFound);
      }
      if (res?.status === 410 && request.goneAs) {
        await res.body?.cancel().catch(() => undefined);
        throw new request.goneAs();
      }
      if (!res?.ok) {
        await res?.body?.cancel().catch(() => undefined);
        throw new HttpError(502, CONNECTION_DETAIL.unavailable(INTEGRATION_NAMES[type]));
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_ANSWER_BYTES) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(502, CONNECTION_DETAIL.answerTooLarge(INTEGRATION_NAMES[type]));
      }
      const raw = await res.text();
      if (raw.length > MAX_ANSWER_BYTES)
        throw new HttpError(502, CONNECTION_DETAIL.answerTooLarge(INTEGRATION_NAMES[type]));
      if (request.text) return raw as T;
      if (!raw) return undefined as T;
      try {
        return JSON.parse(raw) as T;
      } catch {
        throw new HttpError(502, CONNECTION_DETAIL.unavailable(INTEGRATION_NAMES[type]));
      }
    },
  };
}

/** The user's connection of `type`, or null when it is not connected (any other failure throws). */
export function connectedApi(
  deps: AppDeps,
  userId: string,
  type: IntegrationId,
): Promise<ProviderApi | null> {
  return providerApi(deps, userId, type).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 409) return null;
    throw err;
  });
}
