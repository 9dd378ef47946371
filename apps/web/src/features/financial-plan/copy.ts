// The plan screen's texts that more than one part shows, and those added since (older ones are
// still written where they are used).
export const PLAN_COPY = {
  narrativeStale: 'The plan changed since this narrative was written',
  narrativeStaleHint: 'It may quote older figures. Regenerate it from the plan as it is now, or edit it.',
  regenerate: 'Regenerate',
  leaveTitle: 'Leave without saving?',
  leaveBody:
    'Some inputs are not saved because they need fixing (they are highlighted). Stay to fix them, or leave and lose those changes.',
  stay: 'Stay',
  leave: 'Leave',
} as const;
