// The user's newsletters of one kind, last edited first: each opens in the editor, and can be deleted.
import type { TNewsletterSummary } from '@knap/contracts';
import { DocumentList } from '../../../components/document-list';
import { formatDate, plural } from '../../../lib/format';

export interface NewsletterListProps {
  newsletters: TNewsletterSummary[];
  selectedId: string | null;
  timeZone: string;
  onDelete: (newsletter: TNewsletterSummary) => void;
}

export function NewsletterList({ newsletters, selectedId, timeZone, onDelete }: NewsletterListProps) {
  return (
    <DocumentList
      label="Your newsletters"
      items={newsletters}
      param="newsletter"
      selectedId={selectedId}
      title={(n) => n.subject}
      details={(n) => [
        n.label,
        n.status === 'sending'
          ? 'Sending…'
          : n.status === 'sent' && n.sent_at
            ? `Sent to ${plural(n.sent_count, 'client')}, ${formatDate(n.sent_at, timeZone, { withTime: false })}`
            : `Draft, edited ${formatDate(n.updated_at, timeZone, { withTime: false })}`,
      ]}
      deleteLabel={(n) => `Delete “${n.subject}”`}
      onDelete={onDelete}
    />
  );
}
