// Session lifecycle (SPEC §4): start-up check, sign-in with a fresh token, sign-out, and the
// follow-ups that run once a user is known (timezone sync, account label, organizations).
import { ACCOUNT_LABEL_STORAGE_KEY, ERR, FALLBACK_TIMEZONE, type TUser } from '@knap/contracts';
import { onUnauthorized } from '../../lib/api-client';
import { clearProfileImageCache } from '../../lib/profile-image';
import { removeStorage, writeStorage } from '../../lib/storage';
import { tokenManager } from '../../lib/token-manager';
import { exchangeOneShotCode, getMe, getOrganizations, logout, updateTimezone } from './api';
import { takeVerifier } from './one-shot-verifier';
import { ONE_SHOT_ELSEWHERE, validateOneShotCode } from './popup-auth';
import { patchUser, setAuthenticated, setOrganizations, setUnauthenticated, useAuthStore } from './store';

// Each session operation takes a ticket; only the newest may write the outcome, so a slow start-up
// check that fails cannot sign out a user who signed in with the form meanwhile.
let latestTicket = 0;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIMEZONE;
  } catch {
    return FALLBACK_TIMEZONE;
  }
}

async function syncTimezone(user: TUser): Promise<void> {
  const timezone = browserTimezone();
  if (timezone === user.timezone) return;
  try {
    const res = await updateTimezone(timezone);
    patchUser({ timezone: res.timezone });
  } catch (error) {
    console.error(messageOf(error));
  }
}

async function loadOrganizations(): Promise<void> {
  try {
    setOrganizations(await getOrganizations());
  } catch (error) {
    // SPEC §8: the app continues with the user only.
    console.error(messageOf(error));
  }
}

function afterSignIn(user: TUser): void {
  writeStorage('local', ACCOUNT_LABEL_STORAGE_KEY, user.account_label);
  void syncTimezone(user);
  void loadOrganizations();
}

async function loadUser(ticket: number): Promise<void> {
  const user = await getMe();
  if (ticket !== latestTicket) return;
  setAuthenticated(user);
  afterSignIn(user);
}

/** Start-up check: a usable token (reused or refreshed) plus the current user, else signed out. */
export async function initSession(options: { forceRefresh?: boolean } = {}): Promise<void> {
  const ticket = ++latestTicket;
  try {
    if (options.forceRefresh) await tokenManager.refresh();
    else await tokenManager.getAccessToken();
    await loadUser(ticket);
  } catch (error) {
    if (ticket !== latestTicket) return;
    // Being signed out is the normal start for a new visitor; keep the reason for debugging only,
    // unless the widget waited for its host in vain: the user should know why sign-in is asked.
    console.info(messageOf(error));
    setUnauthenticated(messageOf(error) === ERR.widgetAuthTimeout ? ERR.widgetAuthTimeout : null);
  }
}

/**
 * A sign-in popup handed over a one-shot code (the widget): trade it, with the verifier this
 * context made for it, for a session of our own.
 */
export async function signInWithOneShotCode(code: string): Promise<void> {
  try {
    const verifier = takeVerifier();
    if (!verifier) throw new Error(ONE_SHOT_ELSEWHERE);
    const { access_token } = await exchangeOneShotCode(validateOneShotCode(code), verifier);
    await establishSession(access_token);
  } catch (error) {
    console.error(messageOf(error));
  }
}

/** After a sign-in call returned our access token. Throws so the form can show what went wrong. */
export async function establishSession(accessToken: string): Promise<void> {
  const ticket = ++latestTicket;
  tokenManager.setAccessToken(accessToken);
  await loadUser(ticket);
}

/** Ends the session on the server (best effort) and forgets everything stored about the user. */
export async function endSession(): Promise<void> {
  const ticket = ++latestTicket;
  const imageUrl = useAuthStore.getState().user?.profile_image_url;
  if (tokenManager.hasToken()) {
    try {
      await logout();
    } catch (error) {
      // Local sign-out must still happen, or the user would be stuck signed in on this device.
      console.error(messageOf(error));
    }
  }
  if (ticket !== latestTicket) return;
  tokenManager.clear();
  removeStorage('local', ACCOUNT_LABEL_STORAGE_KEY);
  if (imageUrl) clearProfileImageCache(imageUrl);
  setUnauthenticated();
}

/** Signs the user out locally when the server refuses the token or the refresh cookie. */
export function watchSession(): () => void {
  const dropSession = () => {
    latestTicket += 1;
    tokenManager.clear();
    setUnauthenticated();
  };
  const offExpired = tokenManager.onSessionExpired(dropSession);
  const offUnauthorized = onUnauthorized(dropSession);
  return () => {
    offExpired();
    offUnauthorized();
  };
}
