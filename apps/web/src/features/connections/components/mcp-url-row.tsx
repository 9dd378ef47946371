import type { TMcpUrl } from '@knap/contracts';
import { Pencil, Plug, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { COPY } from '../copy';
import { useTestMcpUrl } from '../queries';
import { McpTestResult } from './mcp-test-result';

export interface McpUrlRowProps {
  item: TMcpUrl;
  onEdit: (item: TMcpUrl) => void;
  onDelete: (item: TMcpUrl) => void;
}

/** One custom tool URL with its actions and the result of its last connection test. */
export function McpUrlRow({ item, onEdit, onDelete }: McpUrlRowProps) {
  const id = useId();
  const test = useTestMcpUrl();
  const forName = <span className="sr-only"> {item.mcp_description}</span>;

  return (
    <li aria-labelledby={`${id}-name`} className="flex flex-col gap-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <Plug className="size-5" />
          </span>
          <div className="min-w-0">
            <p id={`${id}-name`} className="break-words font-medium text-sm text-zinc-900 dark:text-zinc-50">
              {item.mcp_description}
            </p>
            <p className="break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{item.mcp_url}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 pl-[3.25rem] sm:pl-0">
          <Button
            variant="secondary"
            size="sm"
            disabled={test.isPending}
            aria-busy={test.isPending || undefined}
            onClick={() => test.mutate({ id: item.id })}
          >
            {COPY.mcpTest}
            {forName}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onEdit(item)}>
            <Pencil aria-hidden="true" className="size-3.5" />
            {COPY.mcpEdit}
            {forName}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
            onClick={() => onDelete(item)}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
            {COPY.mcpDelete}
            {forName}
          </Button>
        </div>
      </div>
      <div aria-live="polite" className="empty:hidden sm:pl-[3.25rem]">
        {test.isPending ? <Spinner label={COPY.mcpTesting} showLabel className="text-sm" /> : null}
        {!test.isPending && test.data ? <McpTestResult result={test.data} /> : null}
        {!test.isPending && test.error ? (
          <p role="alert" className="text-red-600 text-sm dark:text-red-400">
            {test.error.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}
