// Until the address is proven, a slim reminder above every screen: the link we mailed, and a way
// to send it again. Until then the account stays in a workspace of its own.
import { useMutation } from '@tanstack/react-query';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { readStorage, writeStorage } from '../../../lib/storage';
import { sendVerification } from '../api';
import { useCurrentUser } from '../store';

const DISMISSED_KEY = 'knap-verify-banner-dismissed';

export function VerifyEmailBanner() {
  const user = useCurrentUser();
  const [dismissed, setDismissed] = useState(() => readStorage('session', DISMISSED_KEY) === '1');
  const resend = useMutation({ mutationFn: sendVerification });
  if (!user || user.email_verified || dismissed) return null;
  return (
    <section
      aria-label="Verify your email"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-amber-200 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <MailWarning aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {resend.isSuccess
          ? `We sent a new link to ${resend.data.sent_to}.`
          : resend.error
            ? resend.error.message
            : `Verify your email: open the link we sent to ${user.email}.`}
      </p>
      {resend.isSuccess ? null : (
        <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Send again
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-label="Hide until next visit"
        className="px-2"
        onClick={() => {
          writeStorage('session', DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </section>
  );
}
