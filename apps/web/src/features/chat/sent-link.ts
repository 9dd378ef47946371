// Where a finished step's result can be seen: an email the assistant sent, kept in the outbox or
// put up for review is in the Sent view.
import { type AssistantUIMessage, isToolPart, toolNameOf } from '@knap/contracts';

type Part = AssistantUIMessage['parts'][number];

export const SENT_VIEW_PATH = '/sent';

/** '/sent' for a send_email step that delivered (anywhere, or to review); else undefined. */
export function resultLinkOf(part: Part): string | undefined {
  if (!isToolPart(part) || part.state !== 'output-available' || toolNameOf(part) !== 'send_email')
    return undefined;
  const output = part.output as { delivered_to?: unknown } | null;
  return typeof output?.delivered_to === 'string' ? SENT_VIEW_PATH : undefined;
}
