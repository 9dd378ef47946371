// Knap requests from the organization's members: approve (the knap is granted at once) or decline.
import type { TKnapRequest } from '@knap/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { knapTag } from '../knaps/knap-info';
import { useAdminKnapRequests, useDecideKnapRequest } from './queries';
import { StatusFilter, StatusList } from './status-list';

type Status = TKnapRequest['status'];
const VIEWS: Array<{ status: Status; label: string }> = [
  { status: 'pending', label: 'Waiting' },
  { status: 'approved', label: 'Approved' },
  { status: 'declined', label: 'Declined' },
];

export function KnapRequestsPanel() {
  const [status, setStatus] = useState<Status>('pending');
  const requests = useAdminKnapRequests(status);
  const decide = useDecideKnapRequest();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  const answer = (request: TKnapRequest, decision: 'approved' | 'declined') =>
    decide.mutate(
      { id: request.id, status: decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approved'
              ? `${request.email} now has ${knapTag(request.knap)}`
              : `Declined ${request.email}'s request`,
          ),
      },
    );

  return (
    <section aria-label="Knap requests" className="flex flex-col gap-4">
      <StatusFilter views={VIEWS} status={status} onChange={setStatus} />
      {decide.error ? <ErrorNotice message={decide.error.message} /> : null}
      <StatusList
        query={requests}
        loadingLabel="Loading knap requests"
        emptyText={status === 'pending' ? 'No member is waiting for a knap.' : `No ${status} requests yet.`}
        noun="request"
      >
        {(request) => (
          <li
            key={request.id}
            aria-label={`${request.email}: ${knapTag(request.knap)}`}
            className={cn(cardClasses, 'flex flex-wrap items-start justify-between gap-3')}
          >
            <div className="min-w-0">
              <p className="font-medium text-zinc-900 dark:text-zinc-100">
                {request.email} asks for {knapTag(request.knap)}
              </p>
              {request.note ? (
                <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-700 dark:text-zinc-300">
                  {request.note}
                </p>
              ) : null}
              <p className={cn(mutedTextClasses, 'mt-1')}>
                {formatDate(request.created_at, timeZone)}
                {request.decided_at ? ` · decided ${formatDate(request.decided_at, timeZone)}` : ''}
              </p>
            </div>
            {request.status === 'pending' ? (
              <div className="flex gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => answer(request, 'approved')}>
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={decide.isPending}
                  onClick={() => answer(request, 'declined')}
                >
                  Decline
                </Button>
              </div>
            ) : null}
          </li>
        )}
      </StatusList>
    </section>
  );
}
