// Typed calls of the connections API (SPEC §7 Connections; contracts/connections.ts).
import {
  CONNECTION_PATHS,
  type RunMode,
  SEVANTA_PATHS,
  type TAddMcpUrlRequest,
  type TAvailableConnections,
  type TConnectionSummary,
  type TMcpTestResult,
  type TMcpUrl,
  type TUpdateMcpUrlRequest,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export type ConnectionCategory = TAvailableConnections['categories'][number];
export type AvailableConnection = ConnectionCategory['connections'][number];
export type ConnectionStatus = AvailableConnection['status'];
export type MeetingAssistant = TAvailableConnections['meeting_assistant'];

export function getAvailableConnections(): Promise<TAvailableConnections> {
  return apiRequest<TAvailableConnections>(CONNECTION_PATHS.available);
}

export function getConnectedScopes(): Promise<{ scopes: string[] }> {
  return apiRequest<{ scopes: string[] }>(CONNECTION_PATHS.scopes);
}

export function getUserConnections(): Promise<TConnectionSummary[]> {
  return apiRequest<TConnectionSummary[]>(CONNECTION_PATHS.userConnections);
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
  return apiRequest<{ url: string }>(CONNECTION_PATHS.start, {
    method: 'POST',
    body: forceConsent ? { type, mode, force_consent: true } : { type, mode },
  });
}

/** Disconnects the connection of this type (`scope`): revoked at the provider, then deleted. */
export function removeConnection({ scope }: { scope: string }): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(CONNECTION_PATHS.remove, { method: 'POST', body: { scope } });
}

export function deleteConnection({ id }: { id: string }): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(CONNECTION_PATHS.delete, { method: 'POST', body: { id } });
}

export function getMcpUrls(): Promise<TMcpUrl[]> {
  return apiRequest<TMcpUrl[]>(CONNECTION_PATHS.mcpUrls);
}

export function addMcpUrl(input: TAddMcpUrlRequest): Promise<TMcpUrl> {
  return apiRequest<TMcpUrl>(CONNECTION_PATHS.addMcpUrl, { method: 'POST', body: input });
}

export function updateMcpUrl(input: TUpdateMcpUrlRequest): Promise<TMcpUrl> {
  return apiRequest<TMcpUrl>(CONNECTION_PATHS.updateMcpUrl, { method: 'PUT', body: input });
}

export function deleteMcpUrl({ id }: { id: string }): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(CONNECTION_PATHS.mcpUrl(id), { method: 'DELETE' });
}

export function testMcpUrl({ id }: { id: string }): Promise<TMcpTestResult> {
  return apiRequest<TMcpTestResult>(CONNECTION_PATHS.testMcpUrl(id), { method: 'POST' });
}

/** Refreshes the startup CRM connection's token (the host page asks with a browser event). */
export function refreshStartupCrmToken(): Promise<{ status: string }> {
  return apiRequest<{ status: string }>(SEVANTA_PATHS.refreshToken, { method: 'POST' });
}
