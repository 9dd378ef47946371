// /verify-email?token=: the link we mailed to prove the address. It works only for the account it
// was sent to, signed in here (sign-in keeps the way back), so someone who registered another
// person's address cannot have them verify it by clicking.
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { getMe, sendVerification, verifyEmail } from '../api';
import { EmailLinkCard } from '../components/email-link-card';
import { useEmailLinkToken } from '../email-link';
import { setAuthenticated, useCurrentUser } from '../store';

export function VerifyEmailPage() {
  const token = useEmailLinkToken();
  const user = useCurrentUser();
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: async (value: string) => {
      await verifyEmail(value);
      // Proving the address may have let the user into their company's organization.
      setAuthenticated(await getMe());
    },
  });
  const resend = useMutation({ mutationFn: sendVerification });

  const verified = verify.isSuccess || !!user?.email_verified;
  useEffect(() => {
    if (started.current || !token || verified) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify, verified]);

  return (
    <EmailLinkCard title="Verify your email address">
      {verified ? (
        <>
          <p className="flex items-center gap-2 text-emerald-700 text-sm dark:text-emerald-300" role="status">
            <CircleCheck aria-hidden="true" className="size-5" />
            {user?.email} is verified.
          </p>
          <Link to="/chat" className={buttonClasses('primary')}>
            Continue
          </Link>
        </>
      ) : verify.isPending ? (
        <Spinner label="Verifying your email address..." showLabel />
      ) : (
        <>
          {verify.error ? <ErrorNotice message={verify.error.message} /> : null}
          {!token ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Open the link from the email we sent to {user?.email}.
            </p>
          ) : null}
          {resend.isSuccess ? (
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              We sent a new link to {resend.data.sent_to}.
            </p>
          ) : (
            <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
              Send a new link
            </Button>
          )}
          {resend.error ? <ErrorNotice message={resend.error.message} /> : null}
        </>
      )}
    </EmailLinkCard>
  );
}
