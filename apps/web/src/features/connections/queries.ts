import type { TAddMcpUrlRequest, TMcpUrl, TUpdateMcpUrlRequest } from '@knap/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addMcpUrl,
  deleteMcpUrl,
  getAvailableConnections,
  getConnectedScopes,
  getMcpUrls,
  getUserConnections,
  removeConnection,
  testMcpUrl,
  updateMcpUrl,
} from './api';

export const connectionKeys = {
  all: () => ['connections'] as const,
  available: () => ['connections', 'available'] as const,
  scopes: () => ['connections', 'scopes'] as const,
  user: () => ['connections', 'user'] as const,
  mcpUrls: () => ['connections', 'mcp-urls'] as const,
};

/** The catalogue by category with this user's state per provider, plus the built-in notetaker. */
export function useAvailableConnections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: connectionKeys.available(), queryFn: getAvailableConnections, enabled });
}

/** The connection types this user has connected (e.g. to tell whether a calendar is connected). */
export function useConnectedScopes() {
  return useQuery({ queryKey: connectionKeys.scopes(), queryFn: getConnectedScopes });
}

/** This user's connections with their account e-mails (e.g. the calendars the notetaker follows). */
export const userConnectionsQuery = queryOptions({
  queryKey: connectionKeys.user(),
  queryFn: getUserConnections,
});

export function useUserConnections() {
  return useQuery(userConnectionsQuery);
}

export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all() }),
  });
}

export function useMcpUrls() {
  return useQuery({ queryKey: connectionKeys.mcpUrls(), queryFn: getMcpUrls });
}

export function useAddMcpUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddMcpUrlRequest) => addMcpUrl(input),
    onSuccess: (added) => {
      queryClient.setQueryData<TMcpUrl[]>(connectionKeys.mcpUrls(), (list) =>
        list ? [...list, added] : list,
      );
      return queryClient.invalidateQueries({ queryKey: connectionKeys.mcpUrls() });
    },
  });
}

export function useUpdateMcpUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateMcpUrlRequest) => updateMcpUrl(input),
    onSuccess: (updated) => {
      queryClient.setQueryData<TMcpUrl[]>(connectionKeys.mcpUrls(), (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      return queryClient.invalidateQueries({ queryKey: connectionKeys.mcpUrls() });
    },
  });
}

export function useDeleteMcpUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMcpUrl,
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<TMcpUrl[]>(connectionKeys.mcpUrls(), (list) =>
        list?.filter((item) => item.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: connectionKeys.mcpUrls() });
    },
  });
}

/** Connects to the server and lists its tools; each row keeps its own result. */
export function useTestMcpUrl() {
  return useMutation({ mutationFn: testMcpUrl });
}
