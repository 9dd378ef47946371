// Knaps as tests see them: a knap as the server lists it, the component calls routed for
// mockFetch (each component answers its data, or 'empty' when it has none), knap requests, and the
// signed-in session knap screen tests start from.
import {
  KNAP_CATALOGUE,
  KNAP_PATHS,
  type KnapComponentId,
  type KnapName,
  type TKnap,
  type TKnapRequest,
} from '@knap/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../features/auth/store';
import { resetKnapStore } from '../features/knaps/store';
import { tokenManager } from '../lib/token-manager';
import { type FetchHandler, jsonResponse } from './fetch-mock';
import { makeUser } from './fixtures';

/** A knap whose first `accessible` steps can be opened (all of them by default). */
export function makeKnap(name: KnapName, accessible = Number.POSITIVE_INFINITY): TKnap {
  const knap = KNAP_CATALOGUE[name];
  const steps = knap.steps.map((step, n) => ({
    id: step.id,
    components: step.components.map((id) => ({ id, state: n < accessible ? 'ready' : 'empty' }) as const),
    isAccessible: n === 0 || n < accessible,
  }));
  return {
    name,
    tag: knap.tag,
    steps,
    activeStep: steps.findLast((s) => s.isAccessible)!.id,
    showClientProfile: knap.showClientProfile,
  };
}

export type ComponentDataById = Partial<Record<KnapComponentId, object | null>>;

/** POST KNAP_PATHS.components answering each component's data from `data` (read at call time). */
export function componentsHandler(data: ComponentDataById): FetchHandler {
  return async (request) => {
    const { component_id: id } = (await request.json()) as { component_id: KnapComponentId };
    const value = data[id] ?? null;
    return jsonResponse({ component_id: id, state: value ? 'ready' : 'empty', data: value });
  };
}

/** The knap list and component routes of a user with these knaps. */
export function knapApi(knaps: TKnap[], data: ComponentDataById = {}): Record<string, FetchHandler> {
  return {
    [`GET ${KNAP_PATHS.list}`]: () => jsonResponse(knaps),
    [`POST ${KNAP_PATHS.components}`]: componentsHandler(data),
  };
}

export function makeKnapRequest(overrides: Partial<TKnapRequest> = {}): TKnapRequest {
  return {
    id: 'r1',
    email: 'ada@example.com',
    knap: 'Prospecting',
    note: '',
    status: 'pending',
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

/**
 * Registers the set-up of a knap screen test: a signed-in user in New York (token and user) and an
 * empty knap store before each test, all cleared after it; console.error is kept quiet.
 */
export function setUpKnapSession(): void {
  beforeEach(() => {
    resetKnapStore();
    tokenManager.setAccessToken('token');
    useAuthStore.setState({ status: 'authenticated', user: makeUser({ timezone: 'America/New_York' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    tokenManager.clear();
    useAuthStore.setState(initialAuthState);
    resetKnapStore();
  });
}
