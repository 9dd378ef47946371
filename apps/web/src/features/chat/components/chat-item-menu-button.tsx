import { MoreHorizontal } from 'lucide-react';
import type { TriggerProps } from '../../../components/ui/load-on-first-use';

export interface ChatItemMenuProps {
  chatTitle: string;
  onRename: () => void;
  onExport: (format: 'markdown' | 'pdf') => void;
  onDelete: () => void;
}

/** The options button of a chat in the list, as the menu's trigger or before the menu has loaded. */
export function ChatItemMenuButton({ chatTitle, ...props }: TriggerProps & { chatTitle: string }) {
  return (
    <button
      type="button"
      aria-label="Chat options"
      title={`Options for ${chatTitle}`}
      className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 opacity-0 transition-opacity hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:bg-zinc-200/70 data-[state=open]:opacity-100 pointer-coarse:opacity-100 dark:text-zinc-400 dark:data-[state=open]:bg-zinc-700 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
      {...props}
    >
      <MoreHorizontal aria-hidden="true" className="size-4" />
    </button>
  );
}
