import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';

export function NotetakerPage() {
  const [searchParams] = useSearchParams();
  const meetingId = searchParams.get('meeting_id');
  return (
    <ComingSoon
      title="Notetaker"
      description="Meeting transcripts and notes from your notetaker bot will appear here."
    >
      {meetingId ? <p className="text-xs text-zinc-500 dark:text-zinc-400">Meeting {meetingId}</p> : null}
    </ComingSoon>
  );
}
