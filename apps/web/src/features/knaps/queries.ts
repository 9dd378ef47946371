import { ERR, KNAP_CACHE_MS } from '@knap/contracts';
import { useQuery } from '@tanstack/react-query';
import { getKnaps, type KnapSummary } from './api';

export const knapKeys = {
  list: () => ['knaps', 'list'] as const,
};

/** The user's knaps, cached five minutes. SPEC §8: when fetching fails the knap list is empty. */
export function useKnaps() {
  return useQuery({
    queryKey: knapKeys.list(),
    staleTime: KNAP_CACHE_MS,
    queryFn: async (): Promise<KnapSummary[]> => {
      try {
        return await getKnaps();
      } catch (error) {
        console.error(ERR.fetchKnaps, error instanceof Error ? error.message : error);
        return [];
      }
    },
  });
}
