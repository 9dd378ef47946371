// /invitation?token=: an admin's invitation to their organization. It shows who invites and to
// what, and joins on the user's word; only the invited address can accept (accepting proves it).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { acceptInvitation, getMe, previewInvitation } from '../api';
import { EmailLinkCard } from '../components/email-link-card';
import { useEmailLinkToken } from '../email-link';
import { endSession } from '../session';
import { setAuthenticated, setOrganizations, useCurrentUser } from '../store';

export function InvitationPage() {
  const token = useEmailLinkToken();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => previewInvitation(token!),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token!),
    onSuccess: async (joined) => {
      setOrganizations(joined.organizations);
      setAuthenticated(await getMe());
      toast.success(`You joined ${joined.org_name}`);
      navigate('/chat', { replace: true });
    },
  });
  const otherAddress = preview.error instanceof ApiError && preview.error.status === 403;

  return (
    <EmailLinkCard title="Join your team on Knap Studio">
      {!token ? (
        <ErrorNotice message="This page needs the link from your invitation email." />
      ) : preview.isPending ? (
        <Spinner label="Reading the invitation..." showLabel />
      ) : preview.isError ? (
        <>
          <ErrorNotice message={preview.error.message} />
          {otherAddress ? (
            <Button variant="secondary" onClick={() => void endSession()}>
              Sign out of {user?.email}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {preview.data.invited_by} invited {preview.data.email} to join{' '}
            <strong className="font-semibold">{preview.data.org_name}</strong> as{' '}
            {preview.data.role === 'admin' ? 'an admin' : 'a member'}. Its admins will see your usage and,
            under its policies, your chats.
          </p>
          <Button disabled={accept.isPending} onClick={() => accept.mutate()}>
            {accept.isPending ? <Spinner label="Joining" /> : null}
            Join {preview.data.org_name}
          </Button>
          {accept.error ? <ErrorNotice message={accept.error.message} /> : null}
        </>
      )}
    </EmailLinkCard>
  );
}
