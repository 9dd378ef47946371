// How a meeting's participants read in the popover and on the meeting screen (SPEC §2).
import type { TParticipant } from '@knap/contracts';

export interface ResponseMark {
  symbol: '✓' | '✗' | '?' | '-';
  /** What the symbol means, for screen readers and the legend. */
  label: 'Accepted' | 'Declined' | 'Maybe' | 'No response';
}

const ACCEPTED: ResponseMark = { symbol: '✓', label: 'Accepted' };
const DECLINED: ResponseMark = { symbol: '✗', label: 'Declined' };
const MAYBE: ResponseMark = { symbol: '?', label: 'Maybe' };
const NO_RESPONSE: ResponseMark = { symbol: '-', label: 'No response' };

export const RESPONSE_MARKS: Record<TParticipant['response_status'], ResponseMark> = {
  accepted: ACCEPTED,
  declined: DECLINED,
  tentative: MAYBE,
  tentativelyAccepted: MAYBE,
  needsAction: NO_RESPONSE,
  none: NO_RESPONSE,
};

export const PARTICIPANT_LEGEND = 'Response status: ✓ Accepted, ✗ Declined, ? Maybe, - No response';

/** The name, else the e-mail's local part with a capital first letter ('jane.doe@x' -> 'Jane.doe'). */
export function participantName({ name, email }: Pick<TParticipant, 'name' | 'email'>): string {
  const trimmed = name.trim();
  if (trimmed) return trimmed;
  const local = email.split('@')[0] ?? '';
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/** SPEC §2, word for word: '{n} participant(s)'. */
export const participantCount = (n: number) => `${n} participant(s)`;
