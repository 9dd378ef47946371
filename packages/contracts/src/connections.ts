import { z } from 'zod';
import {
  MCP_DESCRIPTION_MAX,
  MCP_SERVERS_MAX,
  MCP_URL_MAX,
  SEVANTA_SYSTEM_CODE_PATTERN,
  SEVANTA_SYSTEM_CODE_RULE,
} from './constants.js';

/**
 * The `detail` texts of connections: connecting, custom tool URLs, and calling a connected system
 * (`name` is the integration's name, e.g. 'Google Drive'). The tools pass these on to the model too.
 */
export const CONNECTION_DETAIL = {
  notFound: 'Connection not found',
  linkInvalid: 'This connection link is invalid or has expired. Please start again.',
  sevantaSystemRequired: 'Enter your Sevanta system code to connect Sevanta',
  notOAuth: (type: string) => `${type} cannot be connected with OAuth`,
  notConfigured: (name: string) => `${name} is not configured on this server`,
  mcpNotFound: 'Custom tool URL not found',
  tooManyMcp: `You can add at most ${MCP_SERVERS_MAX} custom tool URLs`,
  /** A custom tool's result marked `isError`: the server's own text, which is meant for people. */
  mcpToolError: (text: string) => text.trim() || 'The custom tool reported an error without saying what',
  notConnected: (name: string) => `${name} is not connected`,
  /** A connection granted less than it needs (the user unticked a permission on the provider's consent). */
  permissionMissing: (name: string, permission: string) =>
    `${name}: permission not granted — reconnect and allow ${permission}`,
  /** A disconnect the provider did not confirm: our copy is gone, its grant may not be. */
  revocationUnconfirmed: (name: string) =>
    `${name} is disconnected here, but ${name} did not confirm it revoked Knap Studio's access. To be sure, remove Knap Studio from the apps connected to your ${name} account.`,
  unavailable: (name: string) => `${name} did not answer; please try again`,
  /** A connection whose instance URL is missing or not the provider's own (Salesforce's org). */
  noInstance: (name: string) => `${name} did not say where its API is; please reconnect ${name}`,
  answerTooLarge: (name: string) => `${name} answered with more than we can read`,
  fileNotFound: 'File not found',
  contactNotFound: 'Contact not found',
  isFolder: (name: string) => `${name} is a folder, not a file`,
  notText: (name: string, mimeType: string, alsoGoogleDocs = false) =>
    `${name} is not a text file (${mimeType}); only ${alsoGoogleDocs ? 'text files and Google Docs, Sheets or Slides' : 'text files'} can be read here`,
  outlookTooLarge:
    'Outlook takes at most 4 MB per message with its attachments (about 2 MB of files); send it through Gmail or share a link',
} as const;

/** SPEC §3 custom tool URL. */
export const ZMcpUrl = z.object({ id: z.string(), mcp_description: z.string(), mcp_url: z.string() });
export type TMcpUrl = z.infer<typeof ZMcpUrl>;

const fields = {
  mcp_description: z.string().trim().min(1, 'Description is required').max(MCP_DESCRIPTION_MAX),
  mcp_url: z.string().trim().min(1, 'URL is required').max(MCP_URL_MAX),
};
export const ZAddMcpUrlRequest = z.object(fields);
export type TAddMcpUrlRequest = z.infer<typeof ZAddMcpUrlRequest>;
export const ZUpdateMcpUrlRequest = z.object({ id: z.string().min(1).max(100), ...fields });
export type TUpdateMcpUrlRequest = z.infer<typeof ZUpdateMcpUrlRequest>;

export const ZMcpTestResult = z.object({
  status: z.enum(['available', 'unavailable']),
  tools: z.array(z.object({ name: z.string(), description: z.string(), needs_approval: z.boolean() })),
  error: z.string().optional(),
});
export type TMcpTestResult = z.infer<typeof ZMcpTestResult>;

export const CONNECTION_STATUSES = [
  'connected',
  'needs_reconnect',
  /** Connected, but the provider granted less than the connection needs: not used until reconnected. */
  'permission_missing',
  'not_connected',
  'not_configured',
] as const;

export const ZConnectionSummary = z.object({
  id: z.string(),
  type: z.string(),
  scope: z.string(),
  account_email: z.string().nullable(),
  status: z.enum(['connected', 'needs_reconnect', 'permission_missing']),
  /** With `permission_missing`: the human name of the first permission the provider did not grant. */
  missing_permission: z.string().optional(),
  /** Host of the provider instance (Salesforce), never a token. */
  instance_url: z.string().nullable(),
  created_at: z.string(),
});
export type TConnectionSummary = z.infer<typeof ZConnectionSummary>;

export const ZAvailableConnections = z.object({
  categories: z.array(
    z.object({
      category: z.string(),
      connections: z.array(
        z.object({
          type: z.string(),
          name: z.string(),
          status: z.enum(CONNECTION_STATUSES),
          /** With `permission_missing`: the human name of the permission the provider did not grant. */
          missing_permission: z.string().optional(),
          account_email: z.string().nullable(),
          connection_id: z.string().nullable(),
        }),
      ),
    }),
  ),
  meeting_assistant: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    type: z.string(),
    status: z.string(),
    category: z.string(),
  }),
});
export type TAvailableConnections = z.infer<typeof ZAvailableConnections>;

export const ZStartConnectionRequest = z.object({
  type: z.string().min(1).max(100),
  mode: z.enum(['widget', 'normal']).default('normal'),
  /** Microsoft: ask for consent again instead of just picking the account. */
  force_consent: z.boolean().optional(),
});
export const ZStartConnectionResponse = z.object({ url: z.string() });

export const ZSevantaSystemCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SEVANTA_SYSTEM_CODE_PATTERN, SEVANTA_SYSTEM_CODE_RULE);
export const ZSevantaAuthParamsQuery = z.object({
  email: z.string().trim().max(254),
  system_code: ZSevantaSystemCode,
  mode: z.enum(['widget', 'normal']).default('normal'),
  /** The page's sessionStorage nonce; it comes back on the final redirect for the page to check. */
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes in base64url')
    .optional(),
});
/** Parameters the page appends to the start URL (they carry our state id only). */
export const ZSevantaAuthParams = z.object({ state: z.string() });
export const ZSevantaStartQuery = z.object({
  email: z.string().trim().max(254),
  system_code: ZSevantaSystemCode,
  state: z.string().min(1).max(200),
});
export const ZSevantaSuggestionsRequest = z.object({
  selectedConnections: z.array(z.string().min(1).max(100)).max(30).default([]),
  ref: z.string().max(200).optional(),
});
export const ZSevantaSuggestions = z.array(z.string());
export const ZRemoveConnectionRequest = z.object({ scope: z.string().min(1).max(100) });
export const ZDeleteConnectionRequest = z.object({ id: z.string().min(1).max(100) });
/**
 * A disconnect: removed here in every case; `revocation` says whether the provider confirmed it
 * revoked our access (`refused`: it answered an error or not at all, so access may remain there).
 */
export const ZDisconnectResponse = z.object({
  success: z.boolean(),
  revocation: z.enum(['confirmed', 'refused', 'not_supported']),
});
export type TDisconnectResponse = z.infer<typeof ZDisconnectResponse>;
export const ZScopesResponse = z.object({ scopes: z.array(z.string()) });
