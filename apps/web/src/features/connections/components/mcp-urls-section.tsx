import type { TMcpUrl } from '@knap/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { COPY } from '../copy';
import { useDeleteMcpUrl, useMcpUrls } from '../queries';
import { McpUrlFormDialog } from './mcp-url-form-dialog';
import { McpUrlRow } from './mcp-url-row';
import { SectionSkeleton } from './section-skeleton';

/** The user's custom tool URLs (MCP servers): list, add, edit, delete and test. */
export function McpUrlsSection() {
  const { data: items, isPending, isError, error, refetch } = useMcpUrls();
  const [form, setForm] = useState<{ isOpen: boolean; editing: TMcpUrl | null }>({
    isOpen: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<TMcpUrl | null>(null);
  const remove = useDeleteMcpUrl();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          setDeleting(null);
          toast.success(COPY.mcpDeleted);
        },
      },
    );
  };

  return (
    <section aria-labelledby="mcp-urls-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="mcp-urls-title" className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
            {COPY.mcpTitle}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{COPY.mcpDescription}</p>
        </div>
        <Button
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => setForm({ isOpen: true, editing: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {COPY.mcpAdd}
        </Button>
      </div>

      {isPending ? <SectionSkeleton label="Loading custom tool URLs" rows={1} /> : null}
      {isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 p-4 text-red-700 text-sm dark:border-red-500/30 dark:text-red-300"
        >
          {error.message}
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {COPY.retry}
          </Button>
        </div>
      ) : null}
      {items && items.length === 0 ? (
        <div className="rounded-xl border border-zinc-200 border-dashed p-6 text-center dark:border-zinc-800">
          <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">{COPY.mcpEmptyTitle}</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{COPY.mcpEmptyDescription}</p>
        </div>
      ) : null}
      {items && items.length > 0 ? (
        <ul
          aria-label={COPY.mcpTitle}
          className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {items.map((item) => (
            <McpUrlRow
              key={item.id}
              item={item}
              onEdit={(editing) => setForm({ isOpen: true, editing })}
              onDelete={(target) => {
                remove.reset();
                setDeleting(target);
              }}
            />
          ))}
        </ul>
      ) : null}

      <McpUrlFormDialog
        isOpen={form.isOpen}
        editing={form.editing}
        onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={COPY.mcpDeleteTitle}
        description={COPY.mcpDeleteDescription(deleting?.mcp_description ?? '')}
        confirmLabel={COPY.mcpDelete}
        isPending={remove.isPending}
        error={remove.error?.message}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
