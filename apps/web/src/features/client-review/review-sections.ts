// The review's sections as the screen shows them, and the server's limits the fields keep to. Typed
// against the contracts, so the two cannot drift (the contracts' values would bring zod along).
import type {
  CLIENT_REVIEW_LIMITS,
  ClientReviewSection,
  TClientReview,
  TClientReviewUpdate,
} from '@knap/contracts';

export const SECTIONS: ReadonlyArray<{ key: ClientReviewSection; title: string; hint: string }> = [
  { key: 'summary', title: 'Summary', hint: 'The period in brief: meetings held and where things stand.' },
  {
    key: 'changes',
    title: 'Changes since last review',
    hint: 'What changed, and whether the last review’s next steps were done.',
  },
  { key: 'goals', title: 'Goals progress', hint: 'Progress on each goal the client has stated.' },
  { key: 'recommendations', title: 'Recommendations', hint: 'What you suggest, each with its reason.' },
  { key: 'next_steps', title: 'Next steps', hint: 'Who does what next.' },
];

export const SECTION_MAX: (typeof CLIENT_REVIEW_LIMITS)['section'] = 20_000;
export const PERIOD_LABEL_MAX: (typeof CLIENT_REVIEW_LIMITS)['periodLabel'] = 120;
export const CLIENT_NAME_MAX: (typeof CLIENT_REVIEW_LIMITS)['clientName'] = 200;
export const EMAIL_TO_MAX: (typeof CLIENT_REVIEW_LIMITS)['emailTo'] = 2000;

/** What the editor changes and PUT saves. */
export const draftOf = (review: TClientReview): TClientReviewUpdate => ({
  period_label: review.period_label,
  sections: review.sections,
  email: review.email,
});
