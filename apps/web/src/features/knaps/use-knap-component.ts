import type { KnapComponentId } from '@knap/contracts';
import { useEffect } from 'react';
import { type ComponentData, loadComponent, processComponent, useKnapStore } from './store';

export interface KnapComponentState<T> {
  /** undefined until the first load answers; null when the component has no data yet. */
  data: T | null | undefined;
  isLoading: boolean;
  isProcessing: boolean;
  /** The last load or process failure, as the user should read it. */
  error: string | null;
  reload: () => Promise<ComponentData | null>;
  /** Runs the model over `input` into the next component; answers its data, or null on failure. */
  process: (input: unknown) => Promise<ComponentData | null>;
}

/**
 * One component's data from the knap store, loaded when the screen mounts unless the store has it
 * already (processing the step before fills it). `T` is the component's contract type.
 */
export function useKnapComponent<T>(
  componentId: KnapComponentId,
  { live = false } = {},
): KnapComponentState<T> {
  const data = useKnapStore((s) => s.components[componentId]) as T | null | undefined;
  const busy = useKnapStore((s) => s.busy[componentId]);
  const error = useKnapStore((s) => s.componentErrors[componentId] ?? null);
  const known = data !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per mount, not when data arrives
  useEffect(() => {
    // A live view (the meeting list, say) is read again every time it is shown.
    if (live || !known) void loadComponent(componentId);
  }, [componentId, live]);

  return {
    data,
    isLoading: busy === 'loading',
    isProcessing: busy === 'processing',
    error,
    reload: () => loadComponent(componentId),
    process: (input) => processComponent(componentId, input),
  };
}
