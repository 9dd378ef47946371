import { FileDown, FileText, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { LAYER } from '../../../components/ui/layers';
import { cn } from '../../../lib/cn';
import { CHAT_COPY } from '../copy';

export interface ChatItemMenuProps {
  chatTitle: string;
  onRename: () => void;
  onExport: (format: 'markdown' | 'pdf') => void;
  onDelete: () => void;
}

const itemClasses =
  'flex h-9 cursor-default select-none items-center gap-2 rounded-md px-2.5 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** The per-chat menu of SPEC §2: Rename and Delete, and the exports for the client file. */
export function ChatItemMenu({ chatTitle, onRename, onExport, onDelete }: ChatItemMenuProps) {
  // Closing a menu returns focus to its trigger, which would blur (and so save) the rename input
  // that Rename just opened; after Rename the input keeps the focus instead.
  const isRenamingRef = useRef(false);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label="Chat options"
          title={`Options for ${chatTitle}`}
          className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 opacity-0 transition-opacity hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:bg-zinc-200/70 data-[state=open]:opacity-100 pointer-coarse:opacity-100 dark:text-zinc-400 dark:data-[state=open]:bg-zinc-700 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            if (isRenamingRef.current) event.preventDefault();
            isRenamingRef.current = false;
          }}
          className={cn(
            LAYER.menu,
            'min-w-40 rounded-lg border border-zinc-200 bg-white p-1 text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          <DropdownMenu.Item
            className={itemClasses}
            onSelect={() => {
              isRenamingRef.current = true;
              onRename();
            }}
          >
            <Pencil aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            Rename
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => onExport('markdown')}>
            <FileText aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            {CHAT_COPY.exportMarkdown}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => onExport('pdf')}>
            <FileDown aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            {CHAT_COPY.exportPdf}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={`${itemClasses} text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-500/10`}
            onSelect={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
