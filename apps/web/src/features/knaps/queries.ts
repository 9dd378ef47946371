// The knap requests: the user's own (newest first) and asking for one (SPEC §7 Knaps).
import type { KnapName, TKnapRequest } from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myKnapRequests, requestKnap } from './api';

export const knapRequestKeys = {
  mine: () => ['knap-requests', 'mine'] as const,
};

/** The user's own knap requests, newest first as the server lists them. */
export function useKnapRequests() {
  return useQuery({ queryKey: knapRequestKeys.mine(), queryFn: myKnapRequests });
}

export function useRequestKnap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ knap, note }: { knap: KnapName; note: string }) => requestKnap(knap, note),
    onSuccess: (created: TKnapRequest) => {
      queryClient.setQueryData<TKnapRequest[]>(knapRequestKeys.mine(), (list) => [created, ...(list ?? [])]);
      void queryClient.invalidateQueries({ queryKey: knapRequestKeys.mine() });
    },
  });
}
