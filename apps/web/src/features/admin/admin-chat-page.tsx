// /admin/chat/{chatId}: a member's chat for their organization's admin, read-only, with the tools
// each reply used and every approval asked in the chat. The server writes each view to the audit
// trail, and answers 404 for a chat outside the admin's organization (shown as not found here).
import type { TAdminChat, TMessage } from '@knap/contracts';
import { ArrowLeft, Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { MarkdownContent } from '../../components/ui/markdown-content';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { toolLabel } from '../chat/tool-labels';
import { useAdminChat } from './queries';

const ROLE_LABELS: Record<TMessage['role'], string> = {
  user: 'Member',
  assistant: 'Assistant',
};

const APPROVAL_LABELS: Record<TAdminChat['approvals'][number]['status'], string> = {
  pending: 'Waiting for the member',
  approved: 'Approved by the member',
  denied: 'Declined by the member',
};

const whenOf = (timestamp: TMessage['timestamp']) =>
  typeof timestamp === 'number' ? new Date(timestamp * 1000).toISOString() : timestamp;

function MessageView({ message, timeZone }: { message: TMessage; timeZone: string }) {
  const steps = message.metadata?.steps ?? [];
  // Posted through the messages API by the member's app: an 'assistant' one is not the assistant's.
  const clientWritten = message.metadata?.client_written === true;
  return (
    <li
      aria-label={`${ROLE_LABELS[message.role]} message`}
      className={cn(
        'flex flex-col gap-2 rounded-xl p-4',
        message.role === 'user' ? 'bg-indigo-50 dark:bg-indigo-500/10' : 'bg-white dark:bg-zinc-900',
      )}
    >
      <p className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-semibold text-zinc-700 dark:text-zinc-300">
          {ROLE_LABELS[message.role]}
          {clientWritten ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
              Written by the member's app
            </span>
          ) : null}
        </span>
        <span>{formatDate(whenOf(message.timestamp), timeZone)}</span>
      </p>
      {steps.length ? (
        <ul
          aria-label="Tools used"
          className="flex flex-col gap-1 border-zinc-200 border-l-2 pl-3 dark:border-zinc-700"
        >
          {steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's steps never change order
            <li key={`${step.tool}-${i}`} className="text-xs text-zinc-600 dark:text-zinc-400">
              <span className="font-medium text-zinc-800 dark:text-zinc-200">{toolLabel(step.tool)}</span>
              {step.resultSummary ? ` — ${step.resultSummary}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {message.role === 'assistant' ? (
        <MarkdownContent content={message.content} />
      ) : (
        <p className="whitespace-pre-wrap text-sm text-zinc-900 dark:text-zinc-100">{message.content}</p>
      )}
    </li>
  );
}

export function AdminChatPage() {
  const { chatId = '' } = useParams();
  const chat = useAdminChat(chatId);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  if (chat.isError && chat.error instanceof ApiError && chat.error.status === 404) return <NotFoundPage />;

  return (
    <main className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6">
        <Link to="/admin" className={cn(buttonClasses('ghost', 'sm'), 'self-start')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to admin
        </Link>
        {chat.isPending ? (
          <Spinner label="Loading the chat" showLabel />
        ) : chat.isError ? (
          <ErrorNotice message={chat.error.message} onRetry={() => void chat.refetch()} />
        ) : (
          <>
            <header className="flex flex-col gap-1">
              <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
                {chat.data.title}
              </h1>
              <p className={mutedTextClasses}>
                {chat.data.owner.name
                  ? `${chat.data.owner.name} <${chat.data.owner.email}>`
                  : chat.data.owner.email}{' '}
                · started {formatDate(chat.data.created_at, timeZone)}
              </p>
              <p className="flex items-center gap-1.5 text-amber-800 text-xs dark:text-amber-300">
                <Eye aria-hidden="true" className="size-3.5" />
                Read-only. This view is recorded in your organization's audit trail.
              </p>
            </header>
            {chat.data.messages.length === 0 ? (
              <p className={mutedTextClasses}>This chat has no messages.</p>
            ) : (
              <ol aria-label="Messages" className="flex flex-col gap-3">
                {chat.data.messages.map((message) => (
                  <MessageView key={message.id} message={message} timeZone={timeZone} />
                ))}
              </ol>
            )}
            <section aria-labelledby="approvals-heading" className={cn(cardClasses, 'flex flex-col gap-2')}>
              <h2 id="approvals-heading" className={cardHeadingClasses}>
                Approvals
              </h2>
              {chat.data.approvals.length === 0 ? (
                <p className={mutedTextClasses}>The assistant asked for no approval in this chat.</p>
              ) : (
                <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
                  {chat.data.approvals.map((a) => (
                    <li
                      key={a.id}
                      className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
                    >
                      <span className="font-medium text-zinc-900 dark:text-zinc-100">
                        {toolLabel(a.tool_name)}
                      </span>
                      <span className={mutedTextClasses}>
                        {APPROVAL_LABELS[a.status]} · {formatDate(a.decided_at ?? a.created_at, timeZone)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </main>
  );
}
