import {
  type AssistantPart,
  type AssistantUIMessage,
  hasApproval,
  isToolPart,
  type TMessage,
  type ToolPart,
  toolNameOf,
} from '@knap/contracts';
import { Sparkles } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Markdown } from '../../../components/ui/markdown';
import { DocumentChips } from '../../documents/components/document-chips';
import { approvalsOf, failureTextOf, textOfParts } from '../assistant-messages';
import { resultLinkOf } from '../sent-link';
import { toolLabel } from '../tool-labels';
import { ApprovalCard } from './approval-card';
import { ToolResultCard } from './tool-result-card';
import { ToolSteps, type ToolStepView } from './tool-steps';
import { TypingDots } from './typing-indicator';

export type DecideApproval = (options: {
  messageId: string;
  part: ToolPart;
  approve: boolean;
  /** The editable fields the user changed: what is approved and runs. */
  edits?: Record<string, string> | undefined;
}) => Promise<void>;

export interface MessageItemProps {
  message: AssistantUIMessage;
  /** The stored row of this message, once there is one: states, step summaries, approval costs. */
  row?: TMessage | undefined;
  /** This reply is streaming right now. */
  isLive?: boolean;
  /** Says so when this reply never finished (the last reply's note comes with a Retry instead). */
  showFailureNote?: boolean;
  /** Approval decisions wait while a reply is being written. */
  isBusy?: boolean;
  onDecide?: DecideApproval;
  /** The message's actions (copy, versions, feedback…), under it. */
  footer?: ReactNode;
  /** Shown instead of the user's message while it is being edited. */
  editor?: ReactNode;
}

type Block =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'steps'; key: string; parts: ToolPart[] }
  | { kind: 'approval'; key: string; part: ToolPart };

/** The reply's parts in order: text runs, runs of tool steps, and approval cards. */
function blocksOf(parts: readonly AssistantPart[]): Block[] {
  const blocks: Block[] = [];
  parts.forEach((part, index) => {
    const last = blocks.at(-1);
    if (part.type === 'text') {
      if (!part.text) return;
      if (last?.kind === 'text') last.text = `${last.text}\n\n${part.text}`;
      else blocks.push({ kind: 'text', key: `text-${index}`, text: part.text });
    } else if (isToolPart(part)) {
      if (hasApproval(part)) blocks.push({ kind: 'approval', key: part.toolCallId, part });
      else if (last?.kind === 'steps') last.parts.push(part);
      else blocks.push({ kind: 'steps', key: `steps-${part.toolCallId}`, parts: [part] });
    }
  });
  return blocks;
}

/** Tools whose result has a card: every finished one but the checklist, which shows itself. */
const hasResultCard = (part: ToolPart): part is ToolPart & { state: 'output-available' } =>
  part.state === 'output-available' && toolNameOf(part) !== 'update_todo_list';

function stepOf(part: ToolPart, storedSummary: string | undefined, isLive: boolean): ToolStepView {
  const tool = toolNameOf(part);
  const step: ToolStepView = { tool, label: toolLabel(tool) };
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return isLive ? { ...step, isRunning: true } : step;
    case 'output-available':
      return { ...step, summary: storedSummary ?? 'Done', href: resultLinkOf(part) };
    case 'output-error':
      return { ...step, summary: storedSummary ?? `Failed: ${part.errorText}` };
    case 'output-denied':
      return { ...step, summary: storedSummary ?? 'Denied by the user' };
    default:
      return { ...step, summary: 'Waiting for approval' };
  }
}

function AssistantBody({ message, row, isLive = false, isBusy = false, onDecide }: MessageItemProps) {
  const blocks = blocksOf(message.parts);
  const toolParts = message.parts.filter(isToolPart);
  const storedSteps = row?.metadata?.steps ?? [];
  // The server summarises each tool call in order; use its words once they match the parts.
  const summaryOf = (part: ToolPart) =>
    storedSteps.length === toolParts.length ? storedSteps[toolParts.indexOf(part)]?.resultSummary : undefined;
  const approvals = new Map(approvalsOf(row).map((approval) => [approval.tool_call_uuid, approval]));

  // Rows stored without parts (older replies, seeded history) still list the tools they used.
  const legacySteps: ToolStepView[] =
    toolParts.length === 0
      ? storedSteps.map((step) => ({
          tool: step.tool,
          label: toolLabel(step.tool),
          summary: step.resultSummary,
        }))
      : [];

  if (blocks.length === 0 && legacySteps.length === 0) return isLive ? <TypingDots /> : null;
  return (
    <>
      <ToolSteps steps={legacySteps} />
      {blocks.map((block) => {
        switch (block.kind) {
          case 'text':
            return <Markdown key={block.key} content={block.text} />;
          case 'steps':
            return (
              <div key={block.key}>
                <ToolSteps
                  steps={block.parts.map((part) => stepOf(part, summaryOf(part), isLive))}
                  isLive={isLive}
                />
                {block.parts.filter(hasResultCard).map((part) => (
                  <ToolResultCard
                    key={part.toolCallId}
                    tool={toolNameOf(part)}
                    label={toolLabel(toolNameOf(part))}
                    input={part.input}
                    output={part.output}
                  />
                ))}
              </div>
            );
          case 'approval':
            return (
              <ApprovalCard
                key={block.key}
                part={block.part}
                record={approvals.get(block.part.toolCallId)}
                isDisabled={isBusy || !onDecide}
                onDecide={(approve, edits) =>
                  onDecide
                    ? onDecide({ messageId: message.id, part: block.part, approve, edits })
                    : Promise.resolve()
                }
              />
            );
          default:
            return null;
        }
      })}
    </>
  );
}

/** One message: the user's as a right-aligned bubble, the assistant's as markdown with its tools. */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, row, showFailureNote = false, footer, editor } = props;
  if (message.role === 'user') {
    return (
      <li className="flex flex-col items-end">
        <DocumentChips documents={message.metadata?.documents ?? row?.metadata?.documents ?? []} />
        {editor ?? (
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-sm text-white leading-relaxed shadow-sm sm:max-w-[75%] dark:bg-indigo-500">
            <span className="sr-only">You: </span>
            {textOfParts(message.parts)}
          </div>
        )}
        {editor ? null : footer}
      </li>
    );
  }

  const failureNote = showFailureNote ? failureTextOf(row) : null;
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
        <AssistantBody {...props} />
        {failureNote ? (
          <p className="mt-2 text-xs text-zinc-500 italic dark:text-zinc-400">{failureNote}</p>
        ) : null}
        {footer}
      </div>
    </li>
  );
});
