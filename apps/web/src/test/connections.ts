// The connections API as tests see it: the catalogue with chosen states, routed for mockFetch.
import {
  CONNECTION_PATHS,
  INTEGRATION_CATALOGUE,
  INTEGRATION_NAMES,
  MEETING_ASSISTANT_DESCRIPTOR,
  type TAvailableConnections,
  type TMcpUrl,
} from '@knap/contracts';
import type { ConnectionStatus } from '../features/connections/api';
import { type FetchHandler, jsonResponse } from './fetch-mock';

export type ConnectionStates = Partial<
  Record<string, { status: ConnectionStatus; email?: string; missingPermission?: string }>
>;

/** Every provider 'not_configured' unless `states` says otherwise. */
export function availableConnections(states: ConnectionStates = {}): TAvailableConnections {
  return {
    categories: Object.entries(INTEGRATION_CATALOGUE).map(([category, types]) => ({
      category,
      connections: types.map((type) => {
        const state = states[type];
        const status = state?.status ?? 'not_configured';
        const isConnected = ['connected', 'needs_reconnect', 'permission_missing'].includes(status);
        return {
          type,
          name: INTEGRATION_NAMES[type],
          status,
          account_email: isConnected ? (state?.email ?? null) : null,
          connection_id: isConnected ? `conn-${type}` : null,
          ...(state?.missingPermission ? { missing_permission: state.missingPermission } : {}),
        };
      }),
    })),
    meeting_assistant: { ...MEETING_ASSISTANT_DESCRIPTOR },
  };
}

export function connectionsApi({
  states = {},
  mcpUrls = [],
  routes = {},
}: {
  states?: ConnectionStates;
  mcpUrls?: TMcpUrl[];
  routes?: Record<string, FetchHandler>;
} = {}): Record<string, FetchHandler> {
  return {
    [`GET ${CONNECTION_PATHS.available}`]: () => jsonResponse(availableConnections(states)),
    [`GET ${CONNECTION_PATHS.mcpUrls}`]: () => jsonResponse(mcpUrls),
    ...routes,
  };
}
