// The Tools menu's list: every tool the assistant has, each a checkbox; unchecking turns it off
// in this chat (the server stops offering it to the model there).
import type { TKnapTool } from '@knap/contracts';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { TOOLS_COPY } from '../copy';
import { toolLabel } from '../tool-labels';
import { useChatTools, useSetChatTools } from '../tools-queries';

function detailOf(tool: TKnapTool): string {
  return [
    tool.source === 'builtin'
      ? TOOLS_COPY.sources.builtin
      : (tool.source_name ?? TOOLS_COPY.sources[tool.source]),
    tool.needs_approval ? TOOLS_COPY.needsApproval : null,
    tool.credit_cost ? TOOLS_COPY.cost(tool.credit_cost) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Where the choice goes: a chat's tools are saved on the server at each change; a new chat's are
 * held by the page (`off`) and stored with the chat its first message creates.
 */
export type ToolsTarget =
  | { chatId: string }
  | { newChat: { off: string[]; onChange: (off: string[]) => void } };

export function ToolsChecklist(target: ToolsTarget) {
  return 'chatId' in target ? (
    <SavedChecklist chatId={target.chatId} />
  ) : (
    <NewChatChecklist {...target.newChat} />
  );
}

function SavedChecklist({ chatId }: { chatId: string }) {
  const tools = useChatTools(chatId);
  const save = useSetChatTools(chatId);
  return (
    <Checklist
      tools={tools}
      isOff={(tool) => !tool.enabled}
      isSaving={save.isPending}
      error={save.error}
      onChange={(off) => save.mutate(off)}
    />
  );
}

function NewChatChecklist({ off, onChange }: { off: string[]; onChange: (off: string[]) => void }) {
  const tools = useChatTools(null);
  return <Checklist tools={tools} isOff={(tool) => off.includes(tool.name)} onChange={onChange} />;
}

interface ChecklistProps {
  tools: ReturnType<typeof useChatTools>;
  isOff: (tool: TKnapTool) => boolean;
  isSaving?: boolean;
  error?: Error | null;
  /** The whole set of tools turned off after a change. */
  onChange: (off: string[]) => void;
}

function Checklist({ tools, isOff, isSaving = false, error = null, onChange }: ChecklistProps) {
  if (tools.isPending)
    return (
      <div className="flex justify-center p-4">
        <Spinner label={TOOLS_COPY.loading} />
      </div>
    );
  if (tools.isError)
    return <ErrorNotice message={tools.error.message} onRetry={() => void tools.refetch()} />;
  if (tools.data.length === 0) return <p className="p-2 text-sm text-zinc-500">{TOOLS_COPY.empty}</p>;

  const toggle = (name: string, on: boolean) => {
    const off = tools.data.filter((t) => isOff(t) && t.name !== name).map((t) => t.name);
    onChange(on ? off : [...off, name]);
  };

  return (
    <>
      {error ? <ErrorNotice message={error.message} /> : null}
      <ul className="flex flex-col gap-1">
        {tools.data.map((tool) => (
          <li key={tool.name}>
            <label className="flex cursor-pointer items-start gap-2.5 rounded-lg px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <input
                type="checkbox"
                checked={!isOff(tool)}
                disabled={isSaving}
                onChange={(event) => toggle(tool.name, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span className="min-w-0">
                <span
                  className="block font-medium text-sm text-zinc-900 dark:text-zinc-100"
                  title={tool.description}
                >
                  {toolLabel(tool.name)}
                </span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{detailOf(tool)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}
