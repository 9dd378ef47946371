// OAuth connections: start a flow, finish it on the provider's callback, keep tokens encrypted and
// fresh, list, and disconnect (revoking at the provider where it can).
import {
  CONNECTION_DETAIL,
  type ConnectionFailure,
  DETAIL,
  INTEGRATION_CATALOGUE,
  INTEGRATION_NAMES,
  type IntegrationId,
  MEETING_ASSISTANT_DESCRIPTOR,
  type RunMode,
  type TAvailableConnections,
  type TConnectionSummary,
  type TDisconnectResponse,
} from '@knap/contracts';
import { z } from 'zod';
import type { OAuthEndpoints } from '../../../config.js';
import { decryptSecret, encryptSecret, newId } from '../../../platform/crypto.js';
import type { ConnectionsTable, UserRow } from '../../../platform/db/schema.js';
import { parseStored } from '../../../platform/db/stored-json.js';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError, notFound } from '../../../platform/errors.js';
import { emit } from '../../../platform/hooks.js';
import {
  authorizeUrl,
  exchangeCode,
  fetchUserinfo,
  type RevocationOutcome,
  refreshTokens,
  revokeToken,
} from '../../../platform/oauth.js';
import { recordAudit } from '../../audit/service.js';
import * as auth from '../../auth/service.js';
import * as users from '../../users/service.js';
import { type ConnectionProvider, callbackPath, flowFor, missingPermission } from './flows.js';
import * as repo from './repo.js';
import { salesforceInstanceUrl } from './salesforce.js';
import { sevantaBase, sevantaEndpoints } from './sevanta.js';
import { zohoAccountsServer, zohoApiDomain, zohoEndpoints } from './zoho.js';

export const OAUTH_STATE_COOKIE = 'knap_oauth';

const PURPOSE = 'connect';
/** Tokens are refreshed this long before they expire. */
const REFRESH_MARGIN_MS = 60_000;

declare module '../../../platform/deps.js' {
  interface AppDeps {
    /**
     * Token refreshes in progress, by connection id: calls that find a token due share one
     * refresh (accessTokenFor), since some providers rotate the refresh token.
     */
    tokenRefreshes: Map<string, Promise<string | null>>;
  }
}

const tokenKey = (deps: AppDeps): Buffer => deps.keys.connectionTokens;

/**
 * A provider's endpoints; a Sevanta system's are found from its base URL (`instanceUrl`), a Zoho
 * account's token requests go to its data centre's accounts server (`accountsServer`).
 */
function endpointsOf(
  deps: AppDeps,
  provider: ConnectionProvider,
  { instanceUrl, accountsServer }: { instanceUrl?: string | null; accountsServer?: string | null } = {},
): OAuthEndpoints | undefined {
  if (provider === 'sevanta') return sevantaEndpoints(deps.config, instanceUrl);
  const endpoints = deps.config.oauthProviders[provider];
  return endpoints && provider === 'zoho' ? zohoEndpoints(deps.config, endpoints, accountsServer) : endpoints;
}
/** The endpoints of a stored connection. */
const connectionEndpoints = (deps: AppDeps, row: ConnectionsTable) =>
  endpointsOf(deps, row.provider as ConnectionProvider, {
    instanceUrl: row.instance_url,
    accountsServer: row.accounts_server,
  });

const isConfigured = (deps: AppDeps, provider: ConnectionProvider) =>
  provider === 'sevanta' ? !!deps.config.sevanta : !!deps.config.oauthProviders[provider];

/** What a flow keeps in its server-side state besides the user and mode (oauth_states.data). */
const ZFlowData = z.object({
  type: z.string(),
  forceConsent: z.boolean().optional(),
  /** The Sevanta system's base URL. */
  instanceUrl: z.string().optional(),
  /** The Sevanta page's nonce, handed back on its final redirect. */
  nonce: z.string().optional(),
});
type FlowData = z.infer<typeof ZFlowData>;
const flowDataOf = (state: { data: string | null }) =>
  parseStored(ZFlowData, state.data ?? '{}', 'oauth_states.data');

/** What a connection granted less than it needs lacks, by its consent screen's name. */
const missingOf = (row: ConnectionsTable) =>
  row.status === 'permission_missing'
    ? { missing_permission: missingPermission(row.type, row.scope) ?? '' }
    : {};

function toSummary(row: ConnectionsTable): TConnectionSummary {
  return {
    id: row.id,
    type: row.type,
    scope: row.scope,
    account_email: row.account_email,
    status: row.status,
    ...missingOf(row),
    instance_url: row.instance_url ? new URL(row.instance_url).host : null,
    created_at: row.created_at,
  };
}

export async function availableConnections(deps: AppDeps, userId: string): Promise<TAvailableConnections> {
  const mine = new Map((await repo.listConnections(deps.db.db, userId)).map((c) => [c.type, c]));
  return {
    categories: Object.entries(INTEGRATION_CATALOGUE).map(([category, types]) => ({
      category,
      connections: types.map((type) => {
        const flow = flowFor(type);
        const connected = mine.get(type);
        const configured = !!flow && isConfigured(deps, flow.provider);
        return {
          type,
          name: INTEGRATION_NAMES[type],
          status: connected ? connected.status : configured ? 'not_connected' : 'not_configured',
          ...(connected ? missingOf(connected) : {}),
          account_email: connected?.account_email ?? null,
          connection_id: connected?.id ?? null,
        };
      }),
    })),
    meeting_assistant: { ...MEETING_ASSISTANT_DESCRIPTOR },
  };
}

/** Starts a flow for the signed-in user; the browser (usually a popup) then opens `url`. */
export async function startConnection(
  deps: AppDeps,
  user: UserRow,
  input: {
    type: string;
    mode: RunMode;
    force_consent?: boolean | undefined;
    system_code?: string | undefined;
    nonce?: string | undefined;
  },
): Promise<{ url: string; state: string }> {
  const flow = flowFor(input.type);
  if (!flow) throw new HttpError(422, CONNECTION_DETAIL.notOAuth(input.type));
  if (!isConfigured(deps, flow.provider))
    throw new HttpError(
      404,
      CONNECTION_DETAIL.notConfigured(INTEGRATION_NAMES[input.type as keyof typeof INTEGRATION_NAMES]),
    );
  const data: FlowData = { type: input.type, forceConsent: !!input.force_consent };
  if (flow.provider === 'sevanta') {
    if (!input.system_code) throw new HttpError(422, CONNECTION_DETAIL.sevantaSystemRequired);
    data.instanceUrl = sevantaBase(deps.config, input.system_code)!;
    if (input.nonce) data.nonce = input.nonce;
  }
  const { id } = await auth.createOAuthState(deps, {
    provider: flow.provider,
    purpose: PURPOSE,
    userId: user.id,
    mode: input.mode,
    returnTo: flow.provider === 'sevanta' ? '/sevanta' : '/connections',
    data,
  });
  return {
    url: `${deps.config.publicUrl}/api/connections/authorize?state=${encodeURIComponent(id)}`,
    state: id,
  };
}

/**
 * The first page of the flow, opened by the browser that will come back. That browser must be
 * signed in as the user who started the flow (its session cookie), or a link to it could make
 * someone else's mailbox a connection of whoever sent the link; the route then gives it the state
 * as a cookie (so the callback only completes in this browser) and sends it on to the provider.
 * A browser without that session is sent to the connections ghost page to sign in first.
 */
export async function authorizeRedirect(
  deps: AppDeps,
  flow: {
    stateId: string;
    /** The browser's refresh cookie. */
    refreshCookie: string | undefined;
    /** What the Sevanta start link names: the state must be for this system and this user. */
    expected?: { email: string; systemCode: string };
  },
): Promise<{ location: string; bound: boolean }> {
  const { stateId, expected } = flow;
  const state = await auth.peekOAuthState(deps, stateId);
  if (!state || state.purpose !== PURPOSE || !state.user_id)
    throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  if ((await auth.browserSessionUserId(deps, flow.refreshCookie)) !== state.user_id) {
    const type = flowDataOf(state).type;
    return {
      location: ghostPage({ scope: type, mode: state.mode, status: 'error', reason: 'signin_required' }),
      bound: false,
    };
  }
  const data = flowDataOf(state);
  const provider = flowFor(data.type);
  const endpoints = provider && endpointsOf(deps, provider.provider, { instanceUrl: data.instanceUrl });
  if (!provider || !endpoints) throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  const user = await users.findUserById(deps, state.user_id);
  if (!user) throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  if (
    expected &&
    (provider.provider !== 'sevanta' ||
      data.instanceUrl !== sevantaBase(deps.config, expected.systemCode) ||
      expected.email.toLowerCase() !== user.email)
  )
    throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  const forceConsent = !!data.forceConsent;
  const location = authorizeUrl(await auth.oauthClient(deps, endpoints), {
    redirectUri: `${deps.config.publicUrl}${callbackPath(provider.provider)}`,
    scope: provider.scope,
    state: JSON.stringify({
      id: state.id,
      ...provider.stateFields({ email: user.email, mode: state.mode as RunMode, forceConsent }),
    }),
    ...(provider.pkce ? { verifier: state.code_verifier } : {}),
    params: provider.params({ forceConsent }),
  });
  return { location, bound: true };
}

/** The connections ghost page, which tells the app (its opener) how the flow ended. */
const ghostPage = (params: Record<string, string>) =>
  `/auth/connections-ghost?${new URLSearchParams(params)}`;

const emailOf = (info: Record<string, unknown> | null): string | null => {
  const candidates = [
    info?.email,
    info?.mail,
    info?.userPrincipalName,
    info?.email_address as string | undefined,
  ];
  const email = candidates.find((v): v is string => typeof v === 'string' && v.includes('@'));
  return email ? email.toLowerCase() : null;
};

/**
 * The provider's redirect back. The state must be ours, unused, unexpired, for this provider, and
 * the one this browser started; only then is the code traded and the connection stored.
 */
export async function completeConnection(
  deps: AppDeps,
  provider: ConnectionProvider,
  query: {
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
    iss?: string | undefined;
    /** Zoho's: the accounts server of the account's data centre (e.g. https://accounts.zoho.eu). */
    'accounts-server'?: string | undefined;
  },
  browserStateId: string | undefined,
  log: { warn(obj: object, msg: string): void },
): Promise<{ location: string }> {
  const stateId = auth.stateIdOf(query.state);
  if (!stateId || stateId !== browserStateId) throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  const state = await auth.consumeOAuthState(deps, stateId, provider, PURPOSE);
  if (!state?.user_id) throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  const data = flowDataOf(state);
  const { type } = data;
  // The flow's last page: the connections ghost tells the app (its opener) and closes, or goes to
  // /connections; the Sevanta page checks its nonce and does the same or offers suggestions.
  const back = (params: { status: 'connected' } | { status: 'error'; reason: ConnectionFailure }) =>
    `${state.return_to === '/sevanta' ? '/sevanta' : '/auth/connections-ghost'}?${new URLSearchParams({
      scope: type,
      mode: state.mode,
      ...(data.nonce ? { nonce: data.nonce } : {}),
      ...params,
    })}`;
  if (query.error || !query.code || !query.state) {
    return {
      location: back({ status: 'error', reason: query.error === 'access_denied' ? 'cancelled' : 'refused' }),
    };
  }
  // A Zoho account's code is traded at its data centre's accounts server, when Zoho named one of
  // its own (anything else is ignored: the configured endpoints are used).
  const accountsServer =
    provider === 'zoho' ? zohoAccountsServer(deps.config, query['accounts-server']) : null;
  const endpoints = endpointsOf(deps, provider, { instanceUrl: data.instanceUrl, accountsServer });
  const flow = flowFor(type);
  if (!endpoints || !flow) throw new HttpError(400, CONNECTION_DETAIL.linkInvalid);
  const client = await auth.oauthClient(deps, endpoints);
  const exchange = await exchangeCode(client, {
    redirectUri: `${deps.config.publicUrl}${callbackPath(provider)}`,
    query: { code: query.code, state: query.state, iss: query.iss },
    verifier: flow.pkce ? state.code_verifier : undefined,
  });
  if ('failure' in exchange) {
    log.warn({ provider, type, reason: exchange.failure }, 'connection code exchange failed');
    return { location: back({ status: 'error', reason: 'refused' }) };
  }
  const { tokens } = exchange;
  const info = await fetchUserinfo(client, tokens.access_token);
  const now = deps.clock.now();
  const key = tokenKey(deps);
  // What was granted, which may be less than asked (granular consent); RFC 6749 §5.1: a token
  // answer without `scope` granted what was asked.
  const granted = tokens.scope ?? flow.scope;
  const missing = missingPermission(type, granted);
  await repo.upsertConnection(deps.db.db, {
    id: newId(),
    user_id: state.user_id,
    type,
    provider,
    scope: granted,
    account_email: emailOf(info),
    access_token: encryptSecret(key, tokens.access_token),
    refresh_token: tokens.refresh_token ? encryptSecret(key, tokens.refresh_token) : null,
    expires_at: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000).toISOString() : null,
    // Where the API is: the Sevanta system, Salesforce's org, or the Zoho account's data centre.
    instance_url: data.instanceUrl ?? apiOriginOf(deps, provider, tokens),
    accounts_server: accountsServer,
    status: missing ? 'permission_missing' : 'connected',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  await recordAudit(deps, { action: 'connection.added', userId: state.user_id, target: type });
  if (missing) {
    log.warn({ provider, type }, 'connection granted less than it needs');
    return { location: back({ status: 'error', reason: 'permission_missing' }) };
  }
  await emit(deps.hooks.connected, { userId: state.user_id, type });
  return { location: back({ status: 'connected' }) };
}

export async function listUserConnections(deps: AppDeps, user: UserRow, email: string | undefined) {
  if (email && email.toLowerCase() !== user.email) throw notFound(DETAIL.userNotFound);
  return (await repo.listConnections(deps.db.db, user.id)).map(toSummary);
}

/** Every user's connections of these types that are connected (the calendar sync job's list). */
export const connectedOfTypes = (deps: AppDeps, types: string[]) => repo.connectedOfTypes(deps.db.db, types);

export async function connectedScopes(deps: AppDeps, userId: string) {
  return {
    scopes: (await repo.listConnections(deps.db.db, userId))
      .filter((c) => c.status === 'connected')
      .map((c) => c.type),
  };
}

/** Each connection the user holds, by type: connected, or why not. */
export async function connectionStatuses(deps: AppDeps, userId: string) {
  return new Map((await repo.listConnections(deps.db.db, userId)).map((c) => [c.type, c.status]));
}

/**
 * Why the user cannot use any connection of these types although they hold one (a permission not
 * granted, or one to reconnect): the first one's detail; null when one is usable or none is held.
 */
export async function heldButUnusable(deps: AppDeps, userId: string, types: readonly IntegrationId[]) {
  const held = (await repo.listConnections(deps.db.db, userId)).filter((c) =>
    (types as readonly string[]).includes(c.type),
  );
  if (held.length === 0 || held.some((c) => c.status === 'connected')) return null;
  const first = types.find((t) => held.some((c) => c.type === t))!;
  return unusableDetail(deps, userId, first);
}

/**
 * Why a connection of the user cannot be used: '{Name} is not connected', or for one granted less
 * than it needs, 'permission not granted — reconnect and allow X'.
 */
export async function unusableDetail(deps: AppDeps, userId: string, type: IntegrationId): Promise<string> {
  const row = await repo.findConnectionByType(deps.db.db, userId, type);
  const missing = row?.status === 'permission_missing' ? missingPermission(type, row.scope) : null;
  return missing
    ? CONNECTION_DETAIL.permissionMissing(INTEGRATION_NAMES[type], missing)
    : CONNECTION_DETAIL.notConnected(INTEGRATION_NAMES[type]);
}

/**
 * A usable access token for one of the user's connections, refreshed when close to expiry. A
 * failed refresh marks the connection "needs reconnect" (the UI says so) and answers null.
 */
export async function accessTokenFor(
  deps: AppDeps,
  userId: string,
  type: string,
  { force = false }: { force?: boolean } = {},
): Promise<string | null> {
  const row = await repo.findConnectionByType(deps.db.db, userId, type);
  if (row?.status !== 'connected') return null;
  const key = tokenKey(deps);
  const fresh =
    !row.expires_at || Date.parse(row.expires_at) - REFRESH_MARGIN_MS > deps.clock.now().getTime();
  if (fresh && !force) return decryptSecret(key, row.access_token);
  // One refresh per connection at a time in this process: calls made together (a newsletter's
  // emails, parallel tool calls) share it rather than each spending the refresh token, which some
  // providers rotate, so a second use could fail and mark the connection for reconnecting.
  const refreshing = deps.tokenRefreshes;
  const inFlight = refreshing.get(row.id);
  if (inFlight) return inFlight;
  const refresh = refreshUnlessRefreshed(deps, row).finally(() => refreshing.delete(row.id));
  refreshing.set(row.id, refresh);
  return refresh;
}

/**
 * Refreshes the token of the row as `seen`, unless a refresh stored a new token since it was read:
 * a call that read the row just before another call's refresh was stored finds no refresh in
 * flight any more, and would otherwise spend the rotated-away refresh token.
 */
async function refreshUnlessRefreshed(deps: AppDeps, seen: ConnectionsTable): Promise<string | null> {
  const row = await repo.findConnectionById(deps.db.db, seen.user_id, seen.id);
  if (row?.status !== 'connected') return null;
  if (row.access_token !== seen.access_token) return decryptSecret(tokenKey(deps), row.access_token);
  return refreshAccessToken(deps, row);
}

/**
 * Where a provider's token answer says its API is, when the provider says so and the place is one
 * of its own hosts (or a test's): Salesforce's org (`instance_url`), the Zoho account's data centre
 * (`api_domain`). Null for every other provider and for any other host.
 */
function apiOriginOf(
  deps: AppDeps,
  provider: ConnectionProvider,
  tokens: { instance_url?: unknown; api_domain?: unknown },
): string | null {
  if (provider === 'zoho') return zohoApiDomain(deps.config, tokens.api_domain);
  if (provider === 'salesforce') return salesforceInstanceUrl(deps.config, tokens.instance_url);
  return null;
}

async function refreshAccessToken(deps: AppDeps, row: ConnectionsTable): Promise<string | null> {
  const key = tokenKey(deps);
  const endpoints = connectionEndpoints(deps, row);
  const tokens =
    row.refresh_token && endpoints
      ? await refreshTokens(await auth.oauthClient(deps, endpoints), decryptSecret(key, row.refresh_token))
      : null;
  const now = deps.clock.now();
  if (!tokens) {
    await repo.updateConnection(deps.db.db, row.id, {
      status: 'needs_reconnect',
      updated_at: now.toISOString(),
    });
    return null;
  }
  // A refresh answer names the API's place again (Salesforce's org may have moved); an accepted
  // one is kept, a refused or missing one leaves the stored one alone.
  const apiOrigin = apiOriginOf(deps, row.provider as ConnectionProvider, tokens);
  // A refresh answer may grant less than before (RFC 6749 §6); without `scope` it granted the same.
  const missing = tokens.scope ? missingPermission(row.type, tokens.scope) : null;
  await repo.updateConnection(deps.db.db, row.id, {
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    ...(missing ? { status: 'permission_missing' as const } : {}),
    access_token: encryptSecret(key, tokens.access_token),
    ...(tokens.refresh_token ? { refresh_token: encryptSecret(key, tokens.refresh_token) } : {}),
    ...(apiOrigin ? { instance_url: apiOrigin } : {}),
    expires_at: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000).toISOString() : null,
    updated_at: now.toISOString(),
  });
  return missing ? null : tokens.access_token;
}

/**
 * Refreshes a connection's token now (SPEC §2's startup-CRM token refresh event): answers the
 * connection's state afterwards.
 */
export async function refreshConnection(deps: AppDeps, userId: string, type: string) {
  const row = await repo.findConnectionByType(deps.db.db, userId, type);
  if (!row) throw notFound(CONNECTION_DETAIL.notFound);
  if (row.status === 'connected') await accessTokenFor(deps, userId, type, { force: true });
  const after = await repo.findConnectionByType(deps.db.db, userId, type);
  return { status: after?.status === 'connected' ? ('connected' as const) : ('needs_reconnect' as const) };
}

/**
 * Revokes the connection's grant at the provider, then deletes it here whatever the provider said:
 * the answer tells whether the provider confirmed, so the user is not told access ended when it may not have.
 */
async function disconnect(deps: AppDeps, row: ConnectionsTable): Promise<RevocationOutcome> {
  const endpoints = connectionEndpoints(deps, row);
  let revocation: RevocationOutcome = 'not_supported';
  if (endpoints) {
    const key = tokenKey(deps);
    // Revoking the refresh token ends the whole grant (RFC 7009 §2.1); Dropbox's RPC takes the
    // access token, and ends its refresh token with it.
    const useRefresh = !!row.refresh_token && endpoints.revocationAuth !== 'bearer';
    revocation = await revokeToken(endpoints, {
      token: decryptSecret(key, useRefresh ? row.refresh_token! : row.access_token),
      hint: useRefresh ? 'refresh_token' : 'access_token',
    });
  }
  await repo.deleteConnection(deps.db.db, row.user_id, row.id);
  await recordAudit(deps, {
    action: 'connection.removed',
    userId: row.user_id,
    target: row.type,
    details: { revocation },
  });
  return revocation;
}

export async function removeConnectionByScope(
  deps: AppDeps,
  userId: string,
  scope: string,
): Promise<TDisconnectResponse> {
  const row = await repo.findConnectionByType(deps.db.db, userId, scope);
  if (!row) throw notFound(CONNECTION_DETAIL.notFound);
  return { success: true, revocation: await disconnect(deps, row) };
}

export async function removeConnectionById(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<TDisconnectResponse> {
  const row = await repo.findConnectionById(deps.db.db, userId, id);
  if (!row) throw notFound(CONNECTION_DETAIL.notFound);
  return { success: true, revocation: await disconnect(deps, row) };
}

/** Disconnects every connection of the user (forget.ts, when their account changes hands). */
export async function removeAllConnections(deps: AppDeps, userId: string): Promise<void> {
  for (const row of await repo.listConnections(deps.db.db, userId)) await disconnect(deps, row);
}
