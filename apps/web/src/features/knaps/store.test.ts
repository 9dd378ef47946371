import { ERR, KNAP_CACHE_MS, KNAP_PATHS, MEETING_NOTES_DELAY_MS } from '@knap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { componentsHandler, knapApi, makeKnap } from '../../test/knaps';
import {
  fetchKnaps,
  loadComponent,
  processComponent,
  resetKnapStore,
  setActiveKnap,
  setActiveStep,
  useKnapStore,
  waitForKnaps,
} from './store';

const state = () => useKnapStore.getState();
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calledRoutes(fetchMock).filter((r) => r === `GET ${KNAP_PATHS.list}`).length;

const MEETING = { meeting_id: 'm1', meeting_title: 'Henderson annual review', start_time: null };
const PROFILE = {
  source: {
    meeting_id: 'm1',
    meeting_title: 'Henderson annual review',
    client_email: 'ann@henderson.example',
  },
  enhanced_insights: {
    household: 'Ann Henderson household',
    members: [],
    annual_income: null,
    assets: [],
    goals: [],
    risk_tolerance: 'moderate',
  },
};

beforeEach(() => {
  resetKnapStore();
  tokenManager.setAccessToken('token');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  tokenManager.clear();
  resetKnapStore();
});

describe('knap store', () => {
  it('fetches the knaps once and serves them from the cache for five minutes', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(knapApi([makeKnap('advancedPlanning', 1)]));

    const [first, second] = await Promise.all([fetchKnaps(), fetchKnaps()]);
    expect(first.map((k) => k.name)).toEqual(['advancedPlanning']);
    expect(second).toBe(first);
    expect(state().status).toBe('ready');
    expect(listCalls(fetchMock)).toBe(1);

    vi.advanceTimersByTime(KNAP_CACHE_MS - 1);
    await fetchKnaps();
    expect(listCalls(fetchMock)).toBe(1);

    vi.advanceTimersByTime(1);
    await fetchKnaps();
    expect(listCalls(fetchMock)).toBe(2);
    await fetchKnaps({ force: true });
    expect(listCalls(fetchMock)).toBe(3);
  });

  it('empties the knap state when fetching fails, keeping the error to show', async () => {
    let fail = false;
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning')], { 'client-profile': PROFILE }),
      [`GET ${KNAP_PATHS.list}`]: () =>
        fail ? new Response('{}', { status: 500 }) : jsonResponse([makeKnap('advancedPlanning')]),
    });
    await fetchKnaps();
    setActiveKnap('advancedPlanning');
    await loadComponent('client-profile');
    expect(state().components['client-profile']).toEqual(PROFILE);

    fail = true;
    expect(await fetchKnaps({ force: true })).toEqual([]);
    expect(state()).toMatchObject({
      knaps: [],
      status: 'error',
      error: ERR.fetchKnaps,
      activeKnap: null,
      activeStep: null,
      components: {},
    });
  });

  it('refuses a knap list that is not one', async () => {
    mockFetch({ [`GET ${KNAP_PATHS.list}`]: () => jsonResponse([{ name: 'Prospecting' }]) });
    await fetchKnaps();
    expect(state()).toMatchObject({ status: 'error', error: ERR.invalidKnapData, knaps: [] });
  });

  it("waitForKnaps answers once the knaps are in, or times out with 'Timeout waiting for knaps to load'", async () => {
    vi.useFakeTimers();
    const held = heldResponse();
    mockFetch({ [`GET ${KNAP_PATHS.list}`]: held.handler });
    void fetchKnaps();

    const timedOut = waitForKnaps();
    const rejection = expect(timedOut).rejects.toThrow(ERR.knapsTimeout);
    await vi.advanceTimersByTimeAsync(1000);
    await rejection;

    const waiting = waitForKnaps();
    await vi.advanceTimersByTimeAsync(300);
    held.release(jsonResponse([makeKnap('Prospecting')]));
    await vi.advanceTimersByTimeAsync(200);
    expect((await waiting).map((k) => k.name)).toEqual(['Prospecting']);
  });

  it('opens the first step of a knap and only steps that are accessible', async () => {
    mockFetch(knapApi([makeKnap('advancedPlanning', 2)]));
    await fetchKnaps();
    setActiveKnap('advancedPlanning');
    expect(state().activeStep).toBe('meeting-notes');
    setActiveStep('gap-analysis');
    expect(state().activeStep).toBe('meeting-notes');
    setActiveStep('client-profile');
    expect(state().activeStep).toBe('client-profile');
  });

  it('processing a step stores the next data, and makes its step accessible and active', async () => {
    const process = heldResponse();
    const fetchMock = mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 1)], {
        'meeting-notes': { meetings: [MEETING], selection: { meeting_id: 'm1', notes: '' } },
      }),
      [`POST ${KNAP_PATHS.process}`]: process.handler,
    });
    await fetchKnaps();
    setActiveKnap('advancedPlanning');

    const running = processComponent('meeting-notes', { meeting_id: 'm1' });
    await vi.waitFor(() => expect(process.bodies).toHaveLength(1));
    expect(state().busy['meeting-notes']).toBe('processing');
    expect(process.bodies[0]).toEqual({
      component_id: 'meeting-notes',
      input_data: { meeting_id: 'm1' },
      next_step: 'client-profile',
      next_component_id: 'client-profile',
    });
    process.release(jsonResponse({ component_id: 'client-profile', state: 'ready', data: PROFILE }));

    expect(await running).toEqual(PROFILE);
    const [knap] = state().knaps;
    expect(knap!.steps.map((s) => s.isAccessible)).toEqual([true, true, false, false, false, false]);
    expect(knap!.steps[1]!.components).toEqual([{ id: 'client-profile', state: 'ready' }]);
    expect(state().activeStep).toBe('client-profile');
    expect(state().components['client-profile']).toEqual(PROFILE);
    // meeting-notes takes a choice, not its data: its data is read back after processing.
    expect(state().components['meeting-notes']).toMatchObject({ selection: { meeting_id: 'm1' } });
    expect(calledRoutes(fetchMock)).toContain(`POST ${KNAP_PATHS.components}`);
    expect(state().busy).toEqual({});
  });

  it('a failed step keeps the server’s text and stays where it is', async () => {
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 2)], { 'client-profile': PROFILE }),
      [`POST ${KNAP_PATHS.process}`]: () => jsonResponse({ detail: ERR.parseEnhancedInsights }, 422),
    });
    await fetchKnaps();
    setActiveKnap('advancedPlanning');
    setActiveStep('client-profile');

    expect(await processComponent('client-profile', PROFILE)).toBeNull();
    expect(state().componentErrors['client-profile']).toBe(ERR.parseEnhancedInsights);
    expect(state().activeStep).toBe('client-profile');
    expect(state().knaps[0]!.steps[2]!.isAccessible).toBe(false);
    expect(state().components['gap-analysis']).toBeUndefined();
  });

  it('reads an empty meeting list once more after three seconds (notes may still be written)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const empty = componentsHandler({ 'meeting-notes': { meetings: [], selection: null } });
    const found = componentsHandler({ 'meeting-notes': { meetings: [MEETING], selection: null } });
    mockFetch({
      [`POST ${KNAP_PATHS.components}`]: (request) => {
        calls += 1;
        return calls === 1 ? empty(request) : found(request);
      },
    });

    const loading = loadComponent('meeting-notes');
    await vi.advanceTimersByTimeAsync(MEETING_NOTES_DELAY_MS - 1);
    expect(calls).toBe(1);
    expect(state().busy['meeting-notes']).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(await loading).toEqual({ meetings: [MEETING], selection: null });
    expect(calls).toBe(2);
    expect(state().components['meeting-notes']).toEqual({ meetings: [MEETING], selection: null });
  });

  it('does not wait when meetings with notes are listed', async () => {
    let calls = 0;
    const found = componentsHandler({ 'meeting-notes': { meetings: [MEETING], selection: null } });
    mockFetch({
      [`POST ${KNAP_PATHS.components}`]: (request) => {
        calls += 1;
        return found(request);
      },
    });
    await loadComponent('meeting-notes');
    expect(calls).toBe(1);
  });
});
