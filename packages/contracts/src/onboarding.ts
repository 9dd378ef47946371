// Onboarding: the first-run guide (profile, calendar, CRM, notetaker, a first question). A step is
// done by what the user really has (a connection, the notetaker on, a chat; the profile once its
// name and timezone are set and confirmed here); skips, the confirmation and the dismissal are
// stored per user.
import { z } from 'zod';
import { ONBOARDING_STEPS } from './constants.js';

/** The `detail` texts of the first-run guide. */
export const ONBOARDING_DETAIL = {
  profileIncomplete: 'Set your name and timezone before confirming them',
} as const;

export const ZOnboardingStepId = z.enum(ONBOARDING_STEPS);

export const ONBOARDING_STEP_STATUSES = ['done', 'skipped', 'todo'] as const;

export const ZOnboardingStep = z.object({
  id: ZOnboardingStepId,
  /** Done wins over skipped: a skipped step the user then did anyway shows as done. */
  status: z.enum(ONBOARDING_STEP_STATUSES),
  done: z.boolean(),
  skipped: z.boolean(),
  /** What made it done, e.g. 'Google Calendar' for the calendar step; null otherwise. */
  detail: z.string().nullable(),
});
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZOnboarding = z.object({
  /** Every step, in ONBOARDING_STEPS order. */
  steps: z.array(ZOnboardingStep),
  done_count: z.number().int(),
  total: z.number().int(),
  /** Every step is done or skipped now. */
  completed: z.boolean(),
  /** When every step was first seen done or skipped; set once, kept. */
  completed_at: z.string().nullable(),
  /** When the user skipped the whole guide or dismissed its reminder; set once, kept. */
  dismissed_at: z.string().nullable(),
  /** The chat screen's reminder: neither dismissed nor ever completed. */
  show_banner: z.boolean(),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

/** PUT: only what is named changes; at least one change, and nothing else, or 422. */
export const ZOnboardingUpdate = z
  .strictObject({
    /** Per step: true skips it, false takes the skip back. */
    skip: z.partialRecord(ZOnboardingStepId, z.boolean()).optional(),
    /** The user confirmed their name and timezone (set through the users endpoints first). */
    profile_confirmed: z.literal(true).optional(),
    /** Skip setup / dismiss the reminder; it cannot be taken back. */
    dismissed: z.literal(true).optional(),
  })
  .refine((v) => Object.keys(v.skip ?? {}).length > 0 || v.profile_confirmed || v.dismissed, {
    message: 'Nothing to change',
  });
export type TOnboardingUpdate = z.input<typeof ZOnboardingUpdate>;
