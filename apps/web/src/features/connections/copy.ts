// The connections screens' texts, in one place so tests and screens agree.
import { INTEGRATION_NAMES, isIntegrationId } from '@knap/contracts';
import type { ConnectionStatus } from './api';

export const CATEGORY_LABELS: Record<string, string> = {
  crm: 'CRM',
  email: 'Email',
  calendar: 'Calendar',
  document: 'Documents',
};

export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

/** A provider's display name; an unknown type (a custom tool URL) is shown as it is. */
export const integrationName = (type: string) => (isIntegrationId(type) ? INTEGRATION_NAMES[type] : type);

export function statusText(
  status: ConnectionStatus,
  accountEmail: string | null,
  missingPermission?: string,
): string {
  switch (status) {
    case 'connected':
      return accountEmail ? `Connected as ${accountEmail}` : 'Connected';
    case 'needs_reconnect':
      return 'Needs reconnect';
    case 'permission_missing':
      return missingPermission
        ? `Permission not granted — reconnect and allow ${missingPermission}`
        : 'Permission not granted — reconnect and allow what it asks for';
    case 'not_connected':
      return 'Not connected';
    case 'not_configured':
      return 'Not configured';
  }
}

export const notConfiguredHint = (name: string) =>
  `Ask your administrator to configure ${name} on the server`;

export const COPY = {
  pageTitle: 'Connections',
  pageDescription:
    'Connect your CRM, email, calendar and documents so your assistant can work with them, or add custom tool URLs.',
  loadFailed: 'Could not load your connections.',
  retry: 'Try again',
  builtIn: 'Built in',
  active: 'Active',
  connect: 'Connect',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  disconnectTitle: (name: string) => `Disconnect ${name}?`,
  disconnectDescription: (name: string) =>
    `Your assistant will no longer be able to use ${name}. You can connect it again at any time.`,
  disconnected: (name: string) => `${name} disconnected`,
  connected: (name: string) => `${name} connected`,
  connectFailed: (name: string) => `Could not connect ${name}`,
  cancel: 'Cancel',
  manageConnections: 'Manage connections',
  mcpTitle: 'Custom tool URLs',
  mcpDescription:
    'Add MCP server URLs to give your assistant more tools. Tools that change data ask for your approval.',
  mcpAdd: 'Add URL',
  mcpEmptyTitle: 'No custom tool URLs yet',
  mcpEmptyDescription: 'Add the URL of an MCP server to use its tools in your chats.',
  mcpAddTitle: 'Add custom tool URL',
  mcpEditTitle: 'Edit custom tool URL',
  mcpFormDescription: 'The assistant connects to this MCP server and offers its tools in your chats.',
  mcpDescriptionLabel: 'Description',
  mcpUrlLabel: 'URL',
  mcpUrlHint: 'An http or https address, e.g. https://tools.example.com/mcp',
  mcpSave: 'Save',
  mcpEdit: 'Edit',
  mcpDelete: 'Delete',
  mcpDeleteTitle: 'Delete custom tool URL?',
  mcpDeleteDescription: (description: string) =>
    `The tools of “${description}” will no longer be available to your assistant.`,
  mcpDeleted: 'Custom tool URL deleted',
  mcpTest: 'Test connection',
  mcpTesting: 'Testing...',
  mcpAvailable: 'Available',
  mcpUnavailable: 'Unavailable',
  mcpNoTools: 'The server offers no tools.',
  mcpToolCount: (n: number) => (n === 1 ? '1 tool' : `${n} tools`),
  needsApproval: 'Needs approval',
} as const;
