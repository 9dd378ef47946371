// Credits: every user has a balance; each change is written to the ledger with its reason. Each
// calendar month (UTC) starts a period with the plan's credits; unused credits do not roll over.
import { DETAIL, type PlanTier, type TCreditsUsage, type TLedgerEntry } from '@knap/contracts';
import { isOperator } from '../../platform/auth.js';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit, refuseOwn } from '../audit/service.js';
import { monthlyPlanOf } from '../billing/service.js';
import * as users from '../users/service.js';
import * as repo from './repo.js';

/** The credit period a time falls in: its UTC calendar month, e.g. '2026-11'. */
export const periodOf = (date: Date) => date.toISOString().slice(0, 7);
const PERIOD_REF = (userId: string, period: string) => `period:${userId}:${period}`;

/**
 * Starts a period of `plan`'s credits for the user, once per `ref`: the month's grant, or a plan
 * change (which starts a fresh period with the new plan's credits).
 */
export async function startPeriod(
  deps: AppDeps,
  userId: string,
  plan: PlanTier,
  ref: string,
  reason: string,
) {
  return repo.startPeriod(deps.db.db, {
    id: newId(),
    userId,
    amount: deps.config.billing.tiers[plan].num_credits,
    reason,
    ref,
    nowIso: isoNow(deps.clock),
  });
}

/**
 * This month's grant for one user (a no-op when it was given already). A paid Stripe plan's periods
 * are its paid invoices (`invoice.paid`), so the month grants it nothing, except when `opening` an
 * account that has never had credits: then the free plan's.
 */
const grantThisMonth = async (deps: AppDeps, userId: string, opening = false) => {
  const monthly = await monthlyPlanOf(deps, userId);
  if (!monthly && !opening) return false;
  const plan = monthly ?? 'free';
  const period = periodOf(deps.clock.now());
  return startPeriod(
    deps,
    userId,
    plan,
    PERIOD_REF(userId, period),
    `${deps.config.billing.tiers[plan].name} plan credits for ${period}`,
  );
};

async function account(deps: AppDeps, userId: string) {
  const existing = await repo.findAccount(deps.db.db, userId);
  if (existing) return existing;
  await grantThisMonth(deps, userId, true);
  const opened = await repo.findAccount(deps.db.db, userId);
  if (!opened) throw new Error('credit account vanished after opening');
  return opened;
}

const MONTHLY_BATCH = 500;

/**
 * The scheduled monthly grant: every account without this month's period gets it. Safe to run
 * often and on several servers at once (each grant is claimed by its ledger ref). Answers how many
 * were granted.
 */
export async function grantMonthlyCredits(deps: AppDeps): Promise<{ granted: number }> {
  const suffix = `:${periodOf(deps.clock.now())}`;
  let granted = 0;
  // Paged by user id: the accounts it skips (paid by invoice) keep no ref and would come back.
  let after = '';
  for (;;) {
    const due = await repo.accountsWithout(deps.db.db, {
      refPrefix: 'period:',
      refSuffix: suffix,
      after,
      limit: MONTHLY_BATCH,
    });
    for (const { user_id } of due) if (await grantThisMonth(deps, user_id)) granted++;
    if (due.length < MONTHLY_BATCH) return { granted };
    after = due.at(-1)!.user_id;
  }
}

/** The caller's credit history, newest first. */
export async function ledger(deps: AppDeps, user: UserRow): Promise<TLedgerEntry[]> {
  // A new user's account (and its first grant) opens on first sight, here as on the usage call.
  await account(deps, user.id);
  return (await repo.ledgerOf(deps.db.db, user.id, 200)).map((e) => ({ ...e, delta: Number(e.delta) }));
}

/** The caller's usage only: another user's uuid answers 404. */
export async function getUsage(deps: AppDeps, viewer: UserRow, userUuid: string): Promise<TCreditsUsage> {
  if (userUuid !== viewer.uuid && userUuid !== viewer.id) throw notFound(DETAIL.userNotFound);
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

/** Manual adjustment by a platform operator; ordinary users get 403. */
export async function adjust(
  deps: AppDeps,
  actor: UserRow,
  input: { user_uuid: string; num_credits: number; reason: string },
  direction: 1 | -1,
): Promise<TCreditsUsage> {
  if (!isOperator(deps, actor)) throw new HttpError(403, DETAIL.operatorsOnly('change credits'));
  const target = await users.findUserByUuid(deps, input.user_uuid);
  if (!target) throw notFound(DETAIL.userNotFound);
  await refuseOwn(deps, { actor, subjectId: target.id, what: 'credits', detail: DETAIL.ownCredits });
  return changeCredits(deps, actor, target.id, direction * input.num_credits, input.reason);
}

/** Adds (or with a negative delta removes) credits by hand: in the ledger with its reason, audited. */
export async function changeCredits(
  deps: AppDeps,
  actor: UserRow,
  userId: string,
  delta: number,
  reason: string,
): Promise<TCreditsUsage> {
  await account(deps, userId);
  await repo.applyChange(deps.db.db, {
    id: newId(),
    userId,
    delta,
    reason: `${reason} (by ${actor.email})`,
    ref: null,
    nowIso: isoNow(deps.clock),
  });
  await recordAudit(deps, {
    action: 'credits.adjusted',
    userId,
    actor: actor.email,
    details: { delta, reason },
  });
  const a = await account(deps, userId);
  return { balance: Math.max(a.balance, 0), credits_used: a.credits_used, max_credits: a.max_credits };
}

/**
 * One piece of model work a user asked for: a draft, a knap step. Like a chat reply, which may
 * take several model steps for one credit, it costs one completion's price however many model
 * calls it makes (a long list goes in chunks), and counts once against the rate limit.
 * `rate: 'skip'` is for work the product starts itself (notes of a recorded meeting): charged, not
 * rate-limited, because the request that caused it was.
 */
export interface ModelMeter {
  userId: string;
  purpose: string;
  /** The ledger ref its charge is made under: once per meter. */
  ref: string;
  rate: 'consume' | 'skip';
  counted: boolean;
}

export const modelMeter = (
  userId: string,
  purpose: string,
  rate: 'consume' | 'skip' = 'consume',
): ModelMeter => ({ userId, purpose, ref: `model:${newId()}`, rate, counted: false });

/**
 * The gate every model call goes through (chat replies check and charge in the assistant, by the
 * same rules): the rate limit (first call of the meter), the credits (402 when out), the call,
 * then the meter's charge, made once and only when the model answered.
 */
export async function meteredModelCall<T>(
  deps: AppDeps,
  meter: ModelMeter,
  call: () => Promise<T>,
): Promise<T> {
  await requireModelBudget(deps, meter.userId, meter.counted ? 'skip' : meter.rate);
  meter.counted = true;
  const result = await call();
  await debit(deps, meter.userId, deps.config.credits.perCompletion, `model: ${meter.purpose}`, meter.ref);
  return result;
}

/**
 * 429 past the user's model rate limit, 402 without credits for one more model call. `rate` says
 * whether this counts as a use of the limit ('consume'), only looks ('check': a request about to
 * make a model call that counts itself), or leaves it out ('skip').
 */
export async function requireModelBudget(
  deps: AppDeps,
  userId: string,
  rate: 'consume' | 'check' | 'skip' = 'consume',
) {
  if (rate === 'consume') await deps.limits.consume('model', userId);
  if (rate === 'check') await deps.limits.check('model', userId);
  if (!(await hasCredits(deps, userId, deps.config.credits.perCompletion)))
    throw new HttpError(402, DETAIL.outOfCredits);
}

/** The user's balance now (opening their account on first sight). */
export const balanceOf = async (deps: AppDeps, userId: string) => (await account(deps, userId)).balance;
