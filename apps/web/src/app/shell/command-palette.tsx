// The command palette (Ctrl/⌘-K): jump to a screen, a chat (recent ones, or found by the chat
// search API as you type) or run an action. cmdk gives the combobox and listbox roles, arrow keys,
// Enter and Escape; it is loaded the first time the palette opens.
import { Command } from 'cmdk';
import { LogOut, MessageSquare, MoonStar, Plus, Search, Settings } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LAYER } from '../../components/ui/layers';
import { useLogout } from '../../features/auth/queries';
import { flattenChatList, useChatList, useChatSearch } from '../../features/chat/queries';
import { cn } from '../../lib/cn';
import { useTheme } from '../theme/theme-provider';
import { setCommandPaletteOpen, useCommandPaletteStore } from './command-palette-store';
import { SHELL_COPY } from './copy';
import { PALETTE_DESTINATIONS } from './destinations';
import { showSidebarPanel } from './sidebar-store';

const DEBOUNCE_MS = 250;
const RECENT_CHATS = 5;

const itemClass =
  'flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-zinc-700 data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:text-zinc-200 dark:data-[selected=true]:bg-indigo-500/20 dark:data-[selected=true]:text-indigo-100';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-zinc-500 dark:[&_[cmdk-group-heading]]:text-zinc-400';

function Item({
  value,
  keywords,
  onSelect,
  icon,
  children,
}: {
  value: string;
  keywords?: string[];
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Command.Item value={value} keywords={keywords} onSelect={onSelect} className={itemClass}>
      <span aria-hidden="true" className="shrink-0 text-zinc-400">
        {icon}
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </Command.Item>
  );
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export function CommandPalette({ onOpenSettings }: { onOpenSettings: () => void }) {
  const isOpen = useCommandPaletteStore((s) => s.isOpen);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const { resolvedTheme, setTheme } = useTheme();
  const logout = useLogout();
  const recent = flattenChatList(useChatList().data).slice(0, RECENT_CHATS);
  const searched = useDebounced(query.trim());
  const search = useChatSearch(searched);
  const chats = searched
    ? (search.data?.results ?? []).map((r) => ({ id: r.chat_id, title: r.title }))
    : recent.map((c) => ({ id: c.id, title: c.title }));

  const close = () => {
    setCommandPaletteOpen(false);
    setQuery('');
  };
  const run = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <Command.Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? setCommandPaletteOpen(true) : close())}
      label={SHELL_COPY.paletteTitle}
      overlayClassName={cn(LAYER.dialog, 'fixed inset-0 bg-zinc-950/40')}
      contentClassName={cn(
        LAYER.dialog,
        'fixed top-[12vh] left-1/2 w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-700 dark:bg-zinc-900',
      )}
    >
      <div className="flex items-center gap-2 border-zinc-200 border-b px-3 dark:border-zinc-700">
        <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder={SHELL_COPY.palettePlaceholder}
          className="h-12 w-full bg-transparent text-base text-zinc-900 outline-none placeholder:text-zinc-400 sm:text-sm dark:text-zinc-100"
        />
      </div>
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        {searched && search.isFetching ? (
          <Command.Loading className="px-3 py-2 text-sm text-zinc-500">
            {SHELL_COPY.paletteSearching}
          </Command.Loading>
        ) : null}
        <Command.Empty className="px-3 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
          {SHELL_COPY.paletteEmpty}
        </Command.Empty>
        <Command.Group heading={SHELL_COPY.paletteScreens} className={groupClass}>
          {PALETTE_DESTINATIONS.map(({ to, label, Icon, keywords }) => (
            <Item
              key={to}
              value={`screen ${label}`}
              keywords={keywords}
              onSelect={run(() => navigate(to))}
              icon={<Icon className="size-4" />}
            >
              {label}
            </Item>
          ))}
        </Command.Group>
        {chats.length ? (
          <Command.Group heading={SHELL_COPY.paletteChats} className={groupClass}>
            {chats.map((chat) => (
              <Item
                key={chat.id}
                value={`chat ${chat.id} ${chat.title}`}
                // What the search API matched (words in the messages) may not be in the title.
                keywords={searched ? [searched] : undefined}
                onSelect={run(() => {
                  showSidebarPanel('chat');
                  navigate(`/chat?id=${encodeURIComponent(chat.id)}`);
                })}
                icon={<MessageSquare className="size-4" />}
              >
                {chat.title}
              </Item>
            ))}
          </Command.Group>
        ) : null}
        <Command.Group heading={SHELL_COPY.paletteActions} className={groupClass}>
          <Item
            value="action new chat"
            onSelect={run(() => navigate('/chat'))}
            icon={<Plus className="size-4" />}
          >
            {SHELL_COPY.newChat}
          </Item>
          <Item
            value="action settings account credits"
            onSelect={run(onOpenSettings)}
            icon={<Settings className="size-4" />}
          >
            {SHELL_COPY.settings}
          </Item>
          <Item
            value="action toggle theme dark light"
            onSelect={run(() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark'))}
            icon={<MoonStar className="size-4" />}
          >
            {SHELL_COPY.toggleTheme}
          </Item>
          <Item
            value="action sign out log out"
            onSelect={run(() => logout.mutate())}
            icon={<LogOut className="size-4" />}
          >
            {SHELL_COPY.signOut}
          </Item>
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
