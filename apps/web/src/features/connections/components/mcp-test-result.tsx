import type { TMcpTestResult } from '@knap/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import { COPY } from '../copy';

export interface McpTestResultProps {
  result: TMcpTestResult;
}

/** 'Available' with the server's tools (and which need approval), or 'Unavailable' with why. */
export function McpTestResult({ result }: McpTestResultProps) {
  if (result.status === 'unavailable') {
    return (
      <div className="rounded-lg border border-red-200 bg-red-50/60 p-3 dark:border-red-500/30 dark:bg-red-500/10">
        <p className="flex items-center gap-1.5 font-medium text-red-700 text-sm dark:text-red-300">
          <CircleX aria-hidden="true" className="size-4" />
          {COPY.mcpUnavailable}
        </p>
        {result.error ? (
          <p className="mt-1 break-words text-red-700/90 text-xs dark:text-red-300/90">{result.error}</p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-3 dark:border-emerald-500/30 dark:bg-emerald-500/10">
      <p className="flex items-center gap-1.5 font-medium text-emerald-700 text-sm dark:text-emerald-300">
        <CircleCheck aria-hidden="true" className="size-4" />
        {COPY.mcpAvailable}
        <span className="font-normal text-emerald-700/80 dark:text-emerald-300/80">
          · {COPY.mcpToolCount(result.tools.length)}
        </span>
      </p>
      {result.tools.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{COPY.mcpNoTools}</p>
      ) : (
        <ul aria-label="Tools" className="mt-2 flex flex-col gap-2">
          {result.tools.map((tool) => (
            <li key={tool.name} className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all font-mono text-xs text-zinc-900 dark:text-zinc-100">
                  {tool.name}
                </code>
                {tool.needs_approval ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-[11px] text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                    {COPY.needsApproval}
                  </span>
                ) : null}
              </div>
              {tool.description ? (
                <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{tool.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
