import type { TMessage } from '@knap/contracts';
import { Sparkles } from 'lucide-react';
import { memo } from 'react';
import { MessageMarkdown } from './message-markdown';
import { ToolSteps } from './tool-steps';

export interface MessageItemProps {
  message: TMessage;
}

/** One message: the user's as a right-aligned bubble, the assistant's as markdown with its tool steps. */
export const MessageItem = memo(function MessageItem({ message }: MessageItemProps) {
  if (message.role === 'user') {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-sm text-white leading-relaxed shadow-sm sm:max-w-[75%] dark:bg-indigo-500">
          <span className="sr-only">You: </span>
          {message.content}
        </div>
      </li>
    );
  }

  const steps = message.metadata?.steps ?? [];
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20"
      >
        <Sparkles className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 break-words text-sm text-zinc-800 leading-relaxed dark:text-zinc-200">
        <span className="sr-only">Assistant: </span>
        <ToolSteps steps={steps} />
        {message.content ? <MessageMarkdown content={message.content} /> : null}
      </div>
    </li>
  );
});
