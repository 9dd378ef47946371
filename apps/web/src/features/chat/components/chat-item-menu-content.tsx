import { FileDown, FileText, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { LAYER } from '../../../components/ui/layers';
import { cn } from '../../../lib/cn';
import { CHAT_COPY } from '../copy';
import { ChatItemMenuButton, type ChatItemMenuProps } from './chat-item-menu-button';

const itemClasses =
  'flex h-9 cursor-default select-none items-center gap-2 rounded-md px-2.5 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** The per-chat menu (chat-item-menu.tsx), loaded when first used and then open. */
export function ChatItemMenuContent({ chatTitle, onRename, onExport, onDelete }: ChatItemMenuProps) {
  // Closing a menu returns focus to its trigger, which would blur (and so save) the rename input
  // that Rename just opened; after Rename the input keeps the focus instead.
  const isRenamingRef = useRef(false);

  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>
        <ChatItemMenuButton chatTitle={chatTitle} />
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
