// Onboarding: the first-run guide's state for the signed-in user. A step is done by what the user
// really has — a connected calendar or CRM (connections), the notetaker on with a calendar to follow
// (the meeting-bot setting on the user; without a calendar it has no meeting to join), a chat (`users.chat_count`); the profile once its name and timezone are set
// (users endpoints) and the user confirmed them here, since the app sets the timezone to the
// browser's each time it loads. Skips, the confirmation and the dismissal are stored (repo.ts).
import {
  INTEGRATION_CATALOGUE,
  INTEGRATION_NAMES,
  type IntegrationId,
  ONBOARDING_DETAIL,
  ONBOARDING_STEPS,
  type OnboardingStepId,
  type TOnboarding,
  type TOnboardingStep,
  type ZOnboardingUpdate,
} from '@knap/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { connectedScopes } from '../connections/oauth/service.js';
import { isValidTimezone } from '../users/service.js';
import * as repo from './repo.js';

type OnboardingUser = Pick<UserRow, 'id' | 'name' | 'timezone' | 'meeting_notetaker_enabled' | 'chat_count'>;

const CALENDARS: readonly string[] = INTEGRATION_CATALOGUE.calendar;
const CRMS: readonly string[] = INTEGRATION_CATALOGUE.crm;

const profileComplete = (user: OnboardingUser) =>
  user.name.trim() !== '' && user.timezone !== null && isValidTimezone(user.timezone);

const namesOf = (types: string[]) =>
  types.length ? types.map((t) => INTEGRATION_NAMES[t as IntegrationId] ?? t).join(', ') : null;

/** What the user really has, per step: done, and what did it. */
async function derivedSteps(
  deps: AppDeps,
  user: OnboardingUser,
  profileConfirmed: boolean,
): Promise<Record<OnboardingStepId, { done: boolean; detail: string | null }>> {
  const { scopes } = await connectedScopes(deps, user.id);
  const calendars = namesOf(scopes.filter((s) => CALENDARS.includes(s)));
  const crms = namesOf(scopes.filter((s) => CRMS.includes(s)));
  return {
    profile: { done: profileConfirmed && profileComplete(user), detail: null },
    calendar: { done: calendars !== null, detail: calendars },
    crm: { done: crms !== null, detail: crms },
    notetaker: { done: calendars !== null && user.meeting_notetaker_enabled === 1, detail: null },
    first_question: { done: Number(user.chat_count) > 0, detail: null },
  };
}

export async function getOnboarding(deps: AppDeps, user: OnboardingUser): Promise<TOnboarding> {
  const { db } = deps.db;
  const [row, skips] = await Promise.all([repo.findState(db, user.id), repo.listSkips(db, user.id)]);
  const derived = await derivedSteps(deps, user, !!row?.profile_confirmed_at);
  const steps: TOnboardingStep[] = ONBOARDING_STEPS.map((id) => {
    const { done, detail } = derived[id];
    const skipped = skips.includes(id);
    return { id, status: done ? 'done' : skipped ? 'skipped' : 'todo', done, skipped, detail };
  });
  const completed = steps.every((s) => s.status !== 'todo');
  let completedAt = row?.completed_at ?? null;
  if (completed && !completedAt) {
    // The first time everything is done or skipped is kept: the reminder stays gone even if a
    // connection is removed later.
    await repo.markOnce(db, user.id, 'completed_at', deps.clock.now().toISOString());
    completedAt = (await repo.findState(db, user.id))?.completed_at ?? null;
  }
  const dismissedAt = row?.dismissed_at ?? null;
  return {
    steps,
    done_count: steps.filter((s) => s.done).length,
    total: steps.length,
    completed,
    completed_at: completedAt,
    dismissed_at: dismissedAt,
    show_banner: dismissedAt === null && completedAt === null,
  };
}

/** Records skips (and taking them back), the profile's confirmation and the dismissal, together. */
export async function updateOnboarding(
  deps: AppDeps,
  user: OnboardingUser,
  body: z.output<typeof ZOnboardingUpdate>,
): Promise<TOnboarding> {
  if (body.profile_confirmed && !profileComplete(user))
    throw new HttpError(422, ONBOARDING_DETAIL.profileIncomplete);
  const now = deps.clock.now().toISOString();
  await deps.db.db.transaction().execute(async (trx) => {
    for (const id of ONBOARDING_STEPS) {
      const skipped = body.skip?.[id];
      if (skipped === true) await repo.addSkip(trx, user.id, id, now);
      else if (skipped === false) await repo.removeSkip(trx, user.id, id);
    }
    if (body.profile_confirmed) await repo.markOnce(trx, user.id, 'profile_confirmed_at', now);
    if (body.dismissed) await repo.markOnce(trx, user.id, 'dismissed_at', now);
  });
  return getOnboarding(deps, user);
}
