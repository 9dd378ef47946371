// Credits: every user has a balance; each change is written to the ledger with its reason.
import type { TCreditsUsage } from '@knap/contracts';
import type { AppDeps } from '../../app.js';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import { HttpError, notFound } from '../../platform/errors.js';
import * as users from '../users/service.js';
import * as repo from './repo.js';

async function account(deps: AppDeps, userId: string) {
  const existing = await repo.findAccount(deps.db.db, userId);
  if (existing) return existing;
  await repo.openAccount(deps.db.db, userId, deps.config.credits.freePlan, newId(), isoNow(deps.clock));
  const opened = await repo.findAccount(deps.db.db, userId);
  if (!opened) throw new Error('credit account vanished after opening');
  return opened;
}

/** The caller's usage only: another user's uuid answers 404. */
export async function getUsage(deps: AppDeps, viewer: UserRow, userUuid: string): Promise<TCreditsUsage> {
  if (userUuid !== viewer.uuid && userUuid !== viewer.id) throw notFound('User not found');
  const a = await account(deps, viewer.id);
  return { balance: Math.max(a.balance, 0), credits_used: a.credits_used, max_credits: a.max_credits };
}

export async function hasCredits(deps: AppDeps, userId: string, needed: number): Promise<boolean> {
  return (await account(deps, userId)).balance >= needed;
}

/** Charges once per `ref` (a reply's message id): a retry or a replay never charges twice. */
export async function debit(deps: AppDeps, userId: string, amount: number, reason: string, ref: string) {
  if (amount <= 0) return false;
  await account(deps, userId);
  return repo.applyChange(deps.db.db, {
    id: newId(),
    userId,
    delta: -amount,
    reason,
    ref,
    nowIso: isoNow(deps.clock),
  });
}

const isOperator = (deps: AppDeps, user: UserRow) =>
  deps.config.operatorEmails.includes(user.email.toLowerCase());

/** Manual adjustment by a platform operator; ordinary users get 403. */
export async function adjust(
  deps: AppDeps,
  actor: UserRow,
  input: { user_uuid: string; num_credits: number; reason: string },
  direction: 1 | -1,
): Promise<TCreditsUsage> {
  if (!isOperator(deps, actor)) throw new HttpError(403, 'Only operators can change credits');
  const target = await users.findUserByUuid(deps, input.user_uuid);
  if (!target) throw notFound('User not found');
  await account(deps, target.id);
  await repo.applyChange(deps.db.db, {
    id: newId(),
    userId: target.id,
    delta: direction * input.num_credits,
    reason: `${input.reason} (by ${actor.email})`,
    ref: null,
    nowIso: isoNow(deps.clock),
  });
  const a = await account(deps, target.id);
  return { balance: Math.max(a.balance, 0), credits_used: a.credits_used, max_credits: a.max_credits };
}
