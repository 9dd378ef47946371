// Users: creation with their organization, the profile the app shows, and the user's settings.
import { DETAIL, PRODUCT, type TOrganization, type TUser, USER_DETAIL } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { batchedByTurn } from '../../platform/batch.js';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { createSafeFetch } from '../../platform/safe-http.js';
import { recordAudit } from '../audit/service.js';
import * as orgs from '../organizations/service.js';
import { accountLabel } from './account-label.js';
import * as repo from './repo.js';

const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface NewUserInput {
  email: string;
  name: string;
  passwordHash?: string | null;
  provider?: string | null;
  providerSub?: string | null;
  profileImageUrl?: string | null;
  /** The address is already proven (an identity provider said so). */
  emailVerified?: boolean;
}

/**
 * Creates the user in a workspace of their own, atomically. A proven address then joins the
 * organization that claimed its domain, if that organization lets verified colleagues in.
 */
export async function createUser(deps: AppDeps, input: NewUserInput): Promise<UserRow> {
  const now = isoNow(deps.clock);
  const id = newId();
  await deps.db.db.transaction().execute(async (trx) => {
    await repo.insertUser(trx, {
      id,
      uuid: id,
      email: input.email,
      name: input.name,
      password_hash: input.passwordHash ?? null,
      provider: input.provider ?? null,
      provider_sub: input.providerSub ?? null,
      profile_image_url: input.profileImageUrl ?? null,
      created_at: now,
      last_seen: now,
      email_verified_at: input.emailVerified ? now : null,
    });
    await orgs.createWorkspace(trx, { userId: id, name: input.name || input.email, nowIso: now });
  });
  const user = await repo.findUserById(deps.db.db, id);
  if (!user) throw new Error('user vanished after insert');
  if (user.email_verified_at) await orgs.joinClaimedDomain(deps, user);
  return user;
}

/** The user proved their address: recorded once, then the claimed-domain rule may let them in. */
export async function markEmailVerified(deps: AppDeps, user: UserRow, how: string): Promise<UserRow> {
  if (user.email_verified_at) return user;
  const updated = await repo.updateUser(deps.db.db, user.id, { email_verified_at: isoNow(deps.clock) });
  if (!updated) throw notFound();
  await recordAudit(deps, {
    action: 'auth.email_verified',
    userId: user.id,
    target: user.email,
    details: { how },
  });
  await orgs.joinClaimedDomain(deps, updated);
  return updated;
}

/** Accepting an invitation mailed to the address proves it, too. */
export async function acceptInvitation(deps: AppDeps, user: UserRow, token: string) {
  const joined = await orgs.acceptInvitation(deps, user, token);
  await markEmailVerified(deps, user, 'invitation');
  return { ...joined, organizations: await listOrganizations(deps, user.id) };
}

export const previewInvitation = (deps: AppDeps, user: UserRow, token: string) =>
  orgs.previewInvitation(deps, user, token);

export const findUserById = (deps: AppDeps, id: string) => repo.findUserById(deps.db.db, id);
export const findUserByUuid = (deps: AppDeps, uuid: string) => repo.findUserByUuid(deps.db.db, uuid);
export const findUserByEmail = (deps: AppDeps, email: string) => repo.findUserByEmail(deps.db.db, email);
export const findUserByProviderSub = (deps: AppDeps, provider: string, sub: string) =>
  repo.findUserByProviderSub(deps.db.db, provider, sub);

/** Links a provider identity to a verified account (auth decides when it may). */
export async function linkProvider(
  deps: AppDeps,
  userId: string,
  link: { provider: string; sub: string; profileImageUrl: string | null },
  { removePassword = false } = {},
): Promise<UserRow> {
  const user = await repo.updateUser(deps.db.db, userId, {
    provider: link.provider,
    provider_sub: link.sub,
    ...(link.profileImageUrl ? { profile_image_url: link.profileImageUrl } : {}),
    ...(removePassword ? { password_hash: null } : {}),
  });
  if (!user) throw notFound();
  return user;
}

/**
 * Gives an unverified account to the provider-verified owner of its address: the identity is
 * linked, the address verified, and the password whoever registered it chose is removed (auth
 * ends the sessions and says why in the audit trail).
 */
export async function claimAccount(
  deps: AppDeps,
  userId: string,
  link: { provider: string; sub: string; profileImageUrl: string | null },
): Promise<UserRow> {
  return markEmailVerified(
    deps,
    await linkProvider(deps, userId, link, { removePassword: true }),
    link.provider,
  );
}

/**
 * The session check of every signed-in request, batched: the checks that arrive in one turn of the
 * event loop are one query (platform/batch.ts), read after the last of them arrived, so each still
 * sees every change committed before its request came in.
 */
declare module '../../platform/deps.js' {
  interface AppDeps {
    /** The batched session check of signed-in requests (resolveSessionUser). */
    sessionCheck: (sessionId: string) => Promise<repo.SessionUserRow | null>;
  }
}

/** The app's session check (buildApp): one query per turn of the event loop. */
export function createSessionCheck(deps: Pick<AppDeps, 'db' | 'clock'>): AppDeps['sessionCheck'] {
  return batchedByTurn(async (sessionIds: string[]) => {
    const unique = [...new Set(sessionIds)];
    const rows = await repo.findSessionUsers(
      deps.db.db,
      deps.db.engine,
      unique,
      deps.clock.now().toISOString(),
    );
    const bySession = new Map(rows.map((row) => [row.session_id, row]));
    return sessionIds.map((id) => bySession.get(id) ?? null);
  });
}

/** The user of a live session; keeps last_seen current without a write on every request. */
export async function resolveSessionUser(
  deps: AppDeps,
  claims: { userId: string; sessionId: string },
): Promise<UserRow | null> {
  const now = deps.clock.now();
  const row = await deps.sessionCheck(claims.sessionId);
  if (!row || row.id !== claims.userId) return null;
  // Each request its own copy: requests of one session in one batch share the row.
  const { session_id: _session, ...user } = row;
  const lastSeen = user.last_seen ? Date.parse(user.last_seen) : 0;
  if (now.getTime() - lastSeen >= LAST_SEEN_RESOLUTION_MS) {
    user.last_seen = now.toISOString();
    await repo.updateUser(deps.db.db, user.id, { last_seen: user.last_seen });
  }
  return user;
}

export const listOrganizations = async (deps: AppDeps, userId: string): Promise<TOrganization[]> =>
  (await repo.listOrganizations(deps.db.db, userId)).map(({ id, org_name }) => ({ id, org_name }));

/** SPEC §4's account label, unless one of the user's organizations has its own (set by its admin). */
export async function accountLabelOf(deps: AppDeps, userId: string): Promise<string> {
  const organizations = await repo.listOrganizations(deps.db.db, userId);
  const own = organizations.find((o) => o.account_label)?.account_label;
  const { firstPartyOrg, accountLabels } = deps.config;
  return (
    own ??
    accountLabel(
      organizations.map((o) => o.org_name),
      { firstPartyOrg, accountLabels },
    )
  );
}

export async function getProfile(deps: AppDeps, user: UserRow): Promise<TUser> {
  const organizations = await listOrganizations(deps, user.id);
  const names = organizations.map((o) => o.org_name);
  const { firstPartyOrg } = deps.config;
  return {
    id: user.id,
    uuid: user.uuid,
    email: user.email,
    name: user.name,
    profile_image_url: user.profile_image_url,
    provider: user.provider,
    email_verified: user.email_verified_at !== null,
    organizations,
    sharing_permission: user.sharing_permission,
    last_seen: user.last_seen,
    created_at: user.created_at,
    [`${PRODUCT}_integration_uuid`]: user.uuid,
    timezone: user.timezone,
    is_beta_tester: user.is_beta_tester === 1,
    auto_delete_chats: user.auto_delete_chats === 1,
    account_label: await accountLabelOf(deps, user.id),
    is_org_admin: (await orgs.adminOrganizationsOf(deps, user.id)).length > 0,
    is_first_party: !!firstPartyOrg && names.some((n) => n.toLowerCase() === firstPartyOrg.toLowerCase()),
  };
}

/** Another user's id answers 404: a user sees only their own record. */
export function getUserInfo(viewer: UserRow, id: string) {
  if (id !== viewer.id && id !== viewer.uuid) throw notFound(DETAIL.userNotFound);
  return {
    id: viewer.id,
    uuid: viewer.uuid,
    email: viewer.email,
    name: viewer.name,
    profile_image_url: viewer.profile_image_url,
  };
}

/** A provider's avatar is tens of kilobytes; a megabyte leaves room and keeps a bad URL cheap. */
const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
/** The avatar waits on this; initials are shown meanwhile, so a slow host is given up on early. */
const PROFILE_IMAGE_TIMEOUT_MS = 5000;

/** The image type its first bytes say, among those a profile image may be; never SVG (it can script). */
export function imageTypeOf(
  bytes: Uint8Array,
): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The user's own profile image, fetched here so the browser never contacts the image host (the CSP
 * allows it only our origin). The URL came from the identity provider, so it goes through the
 * SSRF-safe client; the answer must say and be PNG, JPEG, GIF or WebP. Any failure is a 404 (the
 * avatar falls back to initials), with the reason in the log.
 */
export async function getProfileImage(
  deps: AppDeps,
  user: UserRow,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<{ contentType: string; bytes: Buffer }> {
  if (!user.profile_image_url) throw notFound(USER_DETAIL.noProfileImage);
  const fetchImage = createSafeFetch({
    allowedHosts: deps.config.profileImageAllowedHosts ?? [],
    timeoutMs: PROFILE_IMAGE_TIMEOUT_MS,
    maxResponseBytes: PROFILE_IMAGE_MAX_BYTES,
    maxRedirects: 3,
  });
  try {
    const res = await fetchImage(user.profile_image_url, {
      headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' },
    });
    if (!res.ok) throw new Error(`the image host answered ${res.status}`);
    const declared = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = imageTypeOf(bytes);
    if (!type || type !== declared) throw new Error(`not an allowed image (${declared ?? 'no type'})`);
    return { contentType: type, bytes };
  } catch (err) {
    log.info({ err, userId: user.id }, 'profile image unavailable');
    throw notFound(USER_DETAIL.noProfileImage);
  }
}

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function updateTimezone(deps: AppDeps, userId: string, timezone: string) {
  if (!isValidTimezone(timezone)) throw new HttpError(422, USER_DETAIL.invalidTimezone(timezone));
  await repo.updateUser(deps.db.db, userId, { timezone });
  return { timezone };
}

/** The display name (trimmed, 1 to NAME_MAX_LENGTH characters by the request schema). */
export async function updateName(deps: AppDeps, userId: string, name: string) {
  await repo.updateUser(deps.db.db, userId, { name });
  return { name };
}

/** A new hash of the same password (auth/service.ts upgrades old hashes at sign-in). */
export async function updatePasswordHash(deps: AppDeps, userId: string, passwordHash: string) {
  await repo.updateUser(deps.db.db, userId, { password_hash: passwordHash });
}

export async function updateSharingPermission(deps: AppDeps, userId: string, sharing_permission: number) {
  await repo.updateUser(deps.db.db, userId, { sharing_permission });
  return { sharing_permission };
}

/** Whether the notetaker joins the user's new meetings (the meeting-bot module's switch). */
export async function updateNotetakerEnabled(deps: AppDeps, userId: string, enabled: boolean) {
  await repo.updateUser(deps.db.db, userId, { meeting_notetaker_enabled: enabled ? 1 : 0 });
}

export async function updateAutoDeleteChats(deps: AppDeps, userId: string, auto_delete_chats: boolean) {
  await repo.updateUser(deps.db.db, userId, { auto_delete_chats: auto_delete_chats ? 1 : 0 });
  return { auto_delete_chats };
}
