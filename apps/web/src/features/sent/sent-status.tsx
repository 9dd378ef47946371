import type { TSentEmailSummary } from '@knap/contracts';
import { Badge } from '../../components/ui/badge';
import { STATUS_LABELS } from './copy';

const TONES = { sent: 'plan', held: 'warning', returned: 'neutral', failed: 'warning' } as const;

/** The email's status as a pill. */
export function SentStatus({ status }: { status: TSentEmailSummary['status'] }) {
  return (
    <Badge
      tone={TONES[status]}
      className={status === 'failed' ? 'text-red-700 dark:text-red-300' : undefined}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
