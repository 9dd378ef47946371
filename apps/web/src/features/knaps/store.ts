// The knap store (SPEC §4 Knap store, §8 Knaps, §9): the user's knaps fetched and cached five
// minutes, the active knap and step, and each component's data as loaded or processed. A step
// becomes accessible once one of its components has data. When fetching fails the state empties.
import {
  ERR,
  KNAP_CACHE_MS,
  KNAP_CATALOGUE,
  KNAP_FLOW,
  KNAP_WAIT_POLL_MS,
  KNAP_WAIT_TIMEOUT_MS,
  type KnapComponentId,
  type KnapName,
  MEETING_NOTES_DELAY_MS,
  type TKnap,
} from '@knap/contracts';
import { create } from 'zustand';
import { useAuthStore } from '../auth/store';
import * as api from './api';

export type KnapsStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ComponentData = Record<string, unknown>;

interface KnapState {
  knaps: TKnap[];
  status: KnapsStatus;
  /** When the knaps were last fetched (ms since epoch); the cache lasts KNAP_CACHE_MS. */
  fetchedAt: number | null;
  error: string | null;
  activeKnap: KnapName | null;
  activeStep: string | null;
  /** Component data by id: null while the component has none for this user. */
  components: Partial<Record<KnapComponentId, ComponentData | null>>;
  /** The components being loaded or processed right now. */
  busy: Partial<Record<KnapComponentId, 'loading' | 'processing'>>;
  /** The last load or process failure of each component, as the user should read it. */
  componentErrors: Partial<Record<KnapComponentId, string>>;
}

const emptyState: KnapState = {
  knaps: [],
  status: 'idle',
  fetchedAt: null,
  error: null,
  activeKnap: null,
  activeStep: null,
  components: {},
  busy: {},
  componentErrors: {},
};

export const useKnapStore = create<KnapState>()(() => emptyState);

const set = useKnapStore.setState;
const get = useKnapStore.getState;

/** Empties the store (sign-out, tests). */
export function resetKnapStore(): void {
  set(emptyState, true);
}

let inFlight: Promise<TKnap[]> | null = null;

/** The user's knaps, from the cache while it is fresh; on failure the knap state is emptied. */
export function fetchKnaps({ force = false }: { force?: boolean } = {}): Promise<TKnap[]> {
  const { fetchedAt, knaps, status } = get();
  if (!force && status === 'ready' && fetchedAt !== null && Date.now() - fetchedAt < KNAP_CACHE_MS)
    return Promise.resolve(knaps);
  if (inFlight) return inFlight;
  set({ status: 'loading', error: null });
  inFlight = api
    .getKnaps()
    .then((fetched) => {
      set({ knaps: fetched, status: 'ready', fetchedAt: Date.now() });
      return fetched;
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : ERR.fetchKnaps;
      console.error(ERR.fetchKnaps, message);
      set({ ...emptyState, status: 'error', error: message });
      return [];
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Resolves with the knaps once loaded; rejects with 'Timeout waiting for knaps to load'. */
export function waitForKnaps(timeoutMs = KNAP_WAIT_TIMEOUT_MS): Promise<TKnap[]> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const { status, knaps } = get();
      if (status === 'ready' || status === 'error') return resolve(knaps);
      if (Date.now() - started >= timeoutMs) return reject(new Error(ERR.knapsTimeout));
      setTimeout(poll, KNAP_WAIT_POLL_MS);
    };
    poll();
  });
}

const knapOf = (name: KnapName | null) => (name ? get().knaps.find((k) => k.name === name) : undefined);

/** The step of the active knap that holds a component. */
const stepOf = (knap: TKnap, componentId: KnapComponentId) =>
  knap.steps.find((s) => s.components.some((c) => c.id === componentId));

/** Makes a knap active and selects its first step (SPEC §4). */
export function setActiveKnap(name: KnapName): void {
  const first = KNAP_CATALOGUE[name].steps[0]!.id;
  if (get().activeKnap === name) return;
  set({ activeKnap: name, activeStep: first, componentErrors: {} });
}

/** Opens a step of the active knap, when it is accessible. */
export function setActiveStep(stepId: string): void {
  const step = knapOf(get().activeKnap)?.steps.find((s) => s.id === stepId);
  if (step?.isAccessible) set({ activeStep: stepId });
}

/** Marks the step holding `componentId` accessible (its data exists now) in the active knap. */
function markReady(componentId: KnapComponentId) {
  set((state) => ({
    knaps: state.knaps.map((knap) => {
      const step = stepOf(knap, componentId);
      if (!step) return knap;
      return {
        ...knap,
        steps: knap.steps.map((s) =>
          s === step
            ? {
                ...s,
                isAccessible: true,
                components: s.components.map((c) => (c.id === componentId ? { ...c, state: 'ready' } : c)),
              }
            : s,
        ),
      };
    }),
  }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setBusy(componentId: KnapComponentId, busy: 'loading' | 'processing' | null) {
  set((state) => {
    const next = { ...state.busy };
    if (busy) next[componentId] = busy;
    else delete next[componentId];
    return { busy: next };
  });
}

function setComponentError(componentId: KnapComponentId, message: string | null) {
  set((state) => {
    const next = { ...state.componentErrors };
    if (message) next[componentId] = message;
    else delete next[componentId];
    return { componentErrors: next };
  });
}

/**
 * Loads a component's data. meeting-notes with no meetings listed looks once more after
 * MEETING_NOTES_DELAY_MS: the notes of a meeting that just ended may still be being written.
 */
export async function loadComponent(componentId: KnapComponentId): Promise<ComponentData | null> {
  setBusy(componentId, 'loading');
  setComponentError(componentId, null);
  try {
    let reply = await api.getComponent(componentId);
    if (componentId === 'meeting-notes' && !(reply.data?.meetings as unknown[] | undefined)?.length) {
      await sleep(MEETING_NOTES_DELAY_MS);
      reply = await api.getComponent(componentId);
    }
    set((state) => ({ components: { ...state.components, [componentId]: reply.data } }));
    if (reply.state === 'ready') markReady(componentId);
    return reply.data;
  } catch (error) {
    setComponentError(componentId, error instanceof Error ? error.message : ERR.fetchComponentData);
    return null;
  } finally {
    setBusy(componentId, null);
  }
}

/** meeting-notes takes the chosen meeting and data-selection the chosen source, not their data. */
const INPUT_IS_DATA = (componentId: KnapComponentId) =>
  componentId !== 'meeting-notes' && componentId !== 'data-selection';

/**
 * Runs the model over a component's input and stores what it answers as the next component's data;
 * that component's step becomes accessible and active. Answers the next data, or null on failure
 * (the message is in componentErrors).
 */
export async function processComponent(
  componentId: KnapComponentId,
  input: unknown,
): Promise<ComponentData | null> {
  const nextId = KNAP_FLOW[componentId];
  const knap = Object.values(KNAP_CATALOGUE).find((k) =>
    k.steps.some((s) => s.components.includes(componentId)),
  );
  const nextStep = nextId && knap?.steps.find((s) => s.components.includes(nextId));
  if (!nextId || !nextStep) throw new Error(`${componentId} has no next step`);
  setBusy(componentId, 'processing');
  setComponentError(componentId, null);
  try {
    const reply = await api.processComponent({
      component_id: componentId,
      input_data: input,
      next_step: nextStep.id,
      next_component_id: nextId,
    });
    // Most components take their own data as input; the two that take a choice are read back.
    const current = INPUT_IS_DATA(componentId)
      ? (input as ComponentData)
      : (await api.getComponent(componentId).catch(() => null))?.data;
    set((state) => ({
      components: {
        ...state.components,
        ...(current !== undefined ? { [componentId]: current } : {}),
        [nextId]: reply.data,
      },
    }));
    markReady(nextId);
    set({ activeStep: nextStep.id });
    return reply.data;
  } catch (error) {
    setComponentError(componentId, error instanceof Error ? error.message : ERR.processComponentData);
    return null;
  } finally {
    setBusy(componentId, null);
  }
}

// Another user's knaps and data must never show: the store empties whenever the user changes.
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) resetKnapStore();
});
