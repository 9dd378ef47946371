// The knap API as knap page tests see it: test/knaps.ts's knap and component
// routes, a process handler of the test's own, and email sending that records each form it is sent.
import { CONNECTION_PATHS, EMAIL_PATHS, KNAP_PATHS, type TKnap } from '@knap/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../features/auth/store';
import type { ProcessRequest } from '../features/knaps/api';
import { resetKnapStore } from '../features/knaps/store';
import { tokenManager } from '../lib/token-manager';
import { jsonResponse, mockFetch } from './fetch-mock';
import { makeUser } from './fixtures';
import { type ComponentDataById, knapApi } from './knaps';

/** Every test of the file starts signed in, with an empty knap store. */
export function signedInForEachTest() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    tokenManager.setAccessToken('token');
    useAuthStore.setState({ status: 'authenticated', user: makeUser() });
    resetKnapStore();
  });
  afterEach(() => {
    tokenManager.clear();
    useAuthStore.setState(initialAuthState);
  });
}

export interface KnapApiOptions {
  knap: TKnap;
  /** What POST components answers for each component; the test may change it as the run goes. */
  data: ComponentDataById;
  /** The answer to POST components/process. */
  onProcess?: (request: ProcessRequest) => Response | Promise<Response>;
}

export function mockKnapApi({ knap, data, onProcess }: KnapApiOptions) {
  const processed: ProcessRequest[] = [];
  const emails: Array<Record<string, FormDataEntryValue>> = [];
  const fetchMock = mockFetch({
    ...knapApi([knap], data),
    [`POST ${KNAP_PATHS.process}`]: async (request) => {
      const body = (await request.json()) as ProcessRequest;
      processed.push(body);
      return onProcess ? onProcess(body) : jsonResponse({ detail: 'Not expected' }, 500);
    },
    [`GET ${CONNECTION_PATHS.scopes}`]: () => jsonResponse({ scopes: [] }),
    [`POST ${EMAIL_PATHS.send}`]: async (request) => {
      emails.push(Object.fromEntries(await request.formData()));
      return jsonResponse({ success: true, delivered_to: 'outbox' });
    },
  });
  return { fetchMock, processed, emails };
}

/** What process answers: the next component's data. */
export const nextData = (request: ProcessRequest, data: unknown) =>
  jsonResponse({ component_id: request.next_component_id, state: 'ready', data });
