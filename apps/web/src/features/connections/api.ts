// Typed calls of the connections API (SPEC §7 Connections; contracts/connections.ts).
import {
  CONNECTION_PATHS,
  type RunMode,
  SEVANTA_PATHS,
  type TAddMcpUrlRequest,
  type TAvailableConnections,
  type TConnectionSummary,
  type TDisconnectResponse,
  type TMcpTestResult,
  type TMcpUrl,
  type TUpdateMcpUrlRequest,
} from '@knap/contracts';
import { apiFetch, apiRequest, lazySchema } from '../../lib/api-client';

export type ConnectionCategory = TAvailableConnections['categories'][number];
export type AvailableConnection = ConnectionCategory['connections'][number];
export type ConnectionStatus = AvailableConnection['status'];
export type MeetingAssistant = TAvailableConnections['meeting_assistant'];

export function getAvailableConnections(): Promise<TAvailableConnections> {
  return apiRequest(CONNECTION_PATHS.available, lazySchema('ZAvailableConnections'));
}

export function getConnectedScopes(): Promise<{ scopes: string[] }> {
  return apiRequest(CONNECTION_PATHS.scopes, lazySchema('ZScopesResponse'));
}

export function getUserConnections(): Promise<TConnectionSummary[]> {
  return apiRequest(CONNECTION_PATHS.userConnections, lazySchema('ZConnectionSummaryList'));
}

export interface StartConnectionOptions {
  type: string;
  mode: RunMode;
  /** Microsoft: ask for consent again instead of only picking the account. */
  forceConsent?: boolean;
}

/** Starts an OAuth flow; the answer is the URL the popup opens (on our own origin). */
export function startConnection({
  type,
  mode,
  forceConsent,
}: StartConnectionOptions): Promise<{ url: string }> {
  return apiRequest(CONNECTION_PATHS.start, lazySchema('ZStartConnectionResponse'), {
    method: 'POST',
    body: forceConsent ? { type, mode, force_consent: true } : { type, mode },
  });
}

/**
 * Disconnects the connection of this type (`scope`): revoked at the provider, then deleted; the
 * answer says whether the provider confirmed the revocation.
 */
export function removeConnection({ scope }: { scope: string }): Promise<TDisconnectResponse> {
  return apiRequest(CONNECTION_PATHS.remove, lazySchema('ZDisconnectResponse'), {
    method: 'POST',
    body: { scope },
  });
}

export function deleteConnection({ id }: { id: string }): Promise<TDisconnectResponse> {
  return apiRequest(CONNECTION_PATHS.delete, lazySchema('ZDisconnectResponse'), {
    method: 'POST',
    body: { id },
  });
}

export function getMcpUrls(): Promise<TMcpUrl[]> {
  return apiRequest(CONNECTION_PATHS.mcpUrls, lazySchema('ZMcpUrlList'));
}

export function addMcpUrl(input: TAddMcpUrlRequest): Promise<TMcpUrl> {
  return apiRequest(CONNECTION_PATHS.addMcpUrl, lazySchema('ZMcpUrl'), { method: 'POST', body: input });
}

export function updateMcpUrl(input: TUpdateMcpUrlRequest): Promise<TMcpUrl> {
  return apiRequest(CONNECTION_PATHS.updateMcpUrl, lazySchema('ZMcpUrl'), { method: 'PUT', body: input });
}

export function deleteMcpUrl({ id }: { id: string }): Promise<{ success: boolean }> {
  return apiRequest(CONNECTION_PATHS.mcpUrl(id), lazySchema('ZSuccessResponse'), { method: 'DELETE' });
}

export function testMcpUrl({ id }: { id: string }): Promise<TMcpTestResult> {
  return apiRequest(CONNECTION_PATHS.testMcpUrl(id), lazySchema('ZMcpTestResult'), { method: 'POST' });
}

/** Refreshes the startup CRM connection's token (the host page asks with a browser event). */
export async function refreshStartupCrmToken(): Promise<void> {
  await apiFetch(SEVANTA_PATHS.refreshToken, { method: 'POST' });
}
