// How each integration is authorized: its provider, the scopes of SPEC §6, and the extra
// authorize parameters each provider wants.
import { ERR, type IntegrationId, isIntegrationId, type RunMode } from '@knap/contracts';
import { OAUTH_PROVIDER_IDS, type OAuthProviderId } from '../../../config.js';
import { SEVANTA_SCOPE } from './sevanta.js';

/** Who a connection's tokens come from: a provider of config's OAuth table, or a firm's Sevanta system. */
export type ConnectionProvider = OAuthProviderId | 'sevanta';
export const CONNECTION_PROVIDERS: ConnectionProvider[] = [...OAUTH_PROVIDER_IDS, 'sevanta'];

const GOOGLE_SCOPES: Record<string, string> = {
  google_profile_read: 'openid email profile',
  google_calendar_read: 'https://www.googleapis.com/auth/calendar.readonly openid email',
  google_gmail_modify: 'https://www.googleapis.com/auth/gmail.modify openid email',
  google_drive_read: 'https://www.googleapis.com/auth/drive.readonly openid email',
};

const MICROSOFT_ALWAYS = 'offline_access openid profile';
const MICROSOFT_SCOPES: Record<string, string> = {
  microsoft_profile_read: 'User.Read',
  microsoft_calendar_read: 'User.Read Calendars.ReadWrite Contacts.ReadWrite',
  microsoft_outlook_read: 'User.Read Mail.ReadWrite Mail.Send MailboxSettings.Read Contacts.ReadWrite',
  microsoft_onedrive_read: 'User.Read Files.ReadWrite.All',
};

/** SPEC §5: an unknown Microsoft type is an error, not a guess. */
export function microsoftScopes(type: string): string {
  const scopes = MICROSOFT_SCOPES[type];
  if (!scopes) throw new Error(ERR.unknownMicrosoftType(type));
  return `${scopes} ${MICROSOFT_ALWAYS}`;
}

/**
 * The scopes a connection cannot work without, with the name the provider's consent screen gives
 * each (what the user is asked to allow again). Only where a user can grant part of what was asked:
 * Google's granular consent, Microsoft's per-permission consent. Sign-in scopes (openid, email,
 * profile) are left out: Google answers them under other names (userinfo.email …).
 */
const NEEDED: Partial<Record<IntegrationId, Array<{ scope: string; label: string }>>> = {
  google_calendar_read: [
    { scope: 'https://www.googleapis.com/auth/calendar.readonly', label: 'See your Google Calendar' },
  ],
  google_gmail_modify: [
    {
      scope: 'https://www.googleapis.com/auth/gmail.modify',
      label: 'Read, compose and send emails from your Gmail account',
    },
  ],
  google_drive_read: [
    {
      scope: 'https://www.googleapis.com/auth/drive.readonly',
      label: 'See and download your Google Drive files',
    },
  ],
  microsoft_calendar_read: [{ scope: 'Calendars.ReadWrite', label: 'Read and write your calendars' }],
  microsoft_outlook_read: [
    { scope: 'Mail.ReadWrite', label: 'Read and write your mail' },
    { scope: 'Mail.Send', label: 'Send mail as you' },
  ],
  microsoft_onedrive_read: [
    { scope: 'Files.ReadWrite.All', label: 'Have full access to all files you can access' },
  ],
};

// Microsoft answers Graph scopes with or without their resource; scope names are case-insensitive there.
const normalScope = (scope: string) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase();

/**
 * The human name of the first permission `type` needs that `granted` (a token answer's space-
 * separated `scope`) lacks; null when it has all it needs.
 */
export function missingPermission(type: string, granted: string): string | null {
  const have = new Set(granted.split(/\s+/).filter(Boolean).map(normalScope));
  const needs = isIntegrationId(type) ? (NEEDED[type] ?? []) : [];
  return needs.find((n) => !have.has(normalScope(n.scope)))?.label ?? null;
}

export interface OAuthFlow {
  provider: ConnectionProvider;
  scope: string;
  /** Extra authorize parameters (offline access, consent prompts). */
  params(options: { forceConsent: boolean }): Record<string, string>;
  /** What the `state` JSON carries besides our random id (SPEC §7); never trusted on return. */
  stateFields(options: { email: string; mode: RunMode; forceConsent: boolean }): Record<string, unknown>;
  pkce: boolean;
}

/** The OAuth flow of an integration, or null when it is not connected through OAuth here. */
export function flowFor(type: string): OAuthFlow | null {
  if (!isIntegrationId(type)) return null;
  const id: IntegrationId = type;
  if (id.startsWith('google_')) {
    const scope = GOOGLE_SCOPES[id]!;
    return {
      provider: 'google',
      scope,
      pkce: true,
      params: () => ({ access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' }),
      stateFields: ({ email, mode }) => ({ email, mode, scope, userEmail: email }),
    };
  }
  if (id.startsWith('microsoft_')) {
    const scope = microsoftScopes(id);
    return {
      provider: 'microsoft',
      scope,
      pkce: true,
      params: ({ forceConsent }) => ({ prompt: forceConsent ? 'consent' : 'select_account' }),
      stateFields: ({ email, mode, forceConsent }) => ({
        email,
        mode,
        scopes: scope,
        connection: id,
        forceConsent,
      }),
    };
  }
  const simple = (
    provider: ConnectionProvider,
    scope: string,
    params: Record<string, string> = {},
    pkce = true,
  ): OAuthFlow => ({
    provider,
    scope,
    pkce,
    params: () => params,
    stateFields: ({ email, mode }) => ({ email, mode }),
  });
  switch (id) {
    case 'salesforce':
      return simple('salesforce', 'api refresh_token');
    case 'zoho':
      return simple('zoho', 'ZohoCRM.modules.ALL', { access_type: 'offline', prompt: 'consent' }, false);
    case 'dropbox':
      return simple(
        'dropbox',
        'files.metadata.read files.content.read files.content.write sharing.write account_info.read',
        { token_access_type: 'offline', force_reapprove: 'true' },
      );
    case 'wealthbox':
      return simple('wealthbox', 'login data', {}, false);
    case 'sevanta':
      // Started from the Sevanta page with the firm's system code (SPEC §7 Startup-CRM).
      return simple('sevanta', SEVANTA_SCOPE);
    case 'copper':
      // Copper's OAuth apps get one scope for the whole developer API; Copper does not document PKCE.
      return simple('copper', 'developer/v1/all', {}, false);
    default:
      return null;
  }
}

/** SPEC §7 callback path of a provider. */
export const callbackPath = (provider: ConnectionProvider) => `/api/${provider}/auth/callback`;
