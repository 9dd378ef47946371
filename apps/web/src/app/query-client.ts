import { QUERY_REFETCH_ON_FOCUS, QUERY_RETRY, QUERY_STALE_MS } from '@knap/contracts';
import { QueryClient } from '@tanstack/react-query';

/** Query defaults of SPEC §9: five minutes fresh, one retry, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: QUERY_RETRY,
        refetchOnWindowFocus: QUERY_REFETCH_ON_FOCUS,
      },
    },
  });
}
