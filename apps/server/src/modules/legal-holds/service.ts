// Legal holds: a user on hold keeps every record — nothing of theirs is deleted by them, by
// retention or by auto-delete. Compliance places and releases holds (admins only); the modules that
// delete things ask here. It imports no other module, so any module may.
import { DETAIL, type TLegalHold } from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import * as repo from './repo.js';

export const isOnLegalHold = (deps: AppDeps, userId: string) => repo.isHeld(deps.db.db, userId);

/** 409 when the user is on legal hold: `what` (e.g. 'chats') cannot be deleted. */
export async function refuseIfHeld(deps: AppDeps, userId: string, what: string): Promise<void> {
  if (await isOnLegalHold(deps, userId)) throw new HttpError(409, DETAIL.onLegalHold(what));
}

/** Every user on legal hold, across organizations (the deletion jobs leave them out). */
export const heldUserIds = (deps: AppDeps): Promise<string[]> => repo.heldUserIds(deps.db.db);

/** The holds of the organizations' members, newest first. */
export const holdsIn = (deps: AppDeps, organizationIds: string[]): Promise<TLegalHold[]> =>
  repo.holds(deps.db.db, organizationIds);

export async function placeHold(deps: AppDeps, hold: { userId: string; reason: string; placedBy: string }) {
  await repo.placeHold(deps.db.db, {
    user_id: hold.userId,
    reason: hold.reason,
    placed_by: hold.placedBy,
    placed_at: deps.clock.now().toISOString(),
  });
}

/** False when the user was not on hold. */
export const releaseHold = (deps: AppDeps, userId: string) => repo.releaseHold(deps.db.db, userId);
