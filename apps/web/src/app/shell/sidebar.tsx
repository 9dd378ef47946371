import { Bot, LayoutGrid, type LucideIcon, MessageSquare, Search, Settings, X } from 'lucide-react';
import { lazy, type MouseEvent, type ReactNode, type Ref, Suspense, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { Logo } from '../../components/ui/logo';
import { UserAvatar } from '../../features/auth/components/user-avatar';
import { useCurrentUser } from '../../features/auth/store';
import { UnreadBadge } from '../../features/chat/components/unread-badge';
import { useUnreadCount } from '../../features/chat/queries';
import { useOpenNotetaker } from '../../features/notetaker/use-open-notetaker';
import { cn } from '../../lib/cn';
import { ThemeSwitcher } from '../theme/theme-switcher';
import { setCommandPaletteOpen } from './command-palette-store';
import { SHELL_COPY } from './copy';
import { type Destination, MAIL_DESTINATIONS, WORKSPACE_DESTINATIONS } from './destinations';
import { showSidebarPanel, useSidebarPanel } from './sidebar-store';

// Loaded when first opened: the panels' lists (virtualizer, menus, popovers) are not needed to show
// the menu.
const ChatPanel = lazy(async () => ({
  default: (await import('../../features/chat/components/chat-panel')).ChatPanel,
}));
const NotetakerPanel = lazy(async () => ({
  default: (await import('../../features/notetaker/components/notetaker-panel')).NotetakerPanel,
}));

export interface SidebarProps {
  /** Called after a menu link is chosen (the mobile overlay closes then). */
  onNavigate?: () => void;
  onOpenSettings: () => void;
  /** Present in the mobile overlay (and only there): shows a close button. */
  onClose?: () => void;
}

function PanelFallback({ label }: { label: string }) {
  return (
    <div className="min-h-0 flex-1">
      <DelayedSpinner label={label} />
    </div>
  );
}

const itemClasses =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 font-medium text-sm transition-colors';
const idleClasses =
  'text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
const activeClasses =
  'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-50 dark:ring-zinc-700';

interface MenuLinkProps {
  to: string;
  linkRef?: Ref<HTMLAnchorElement>;
  label: string;
  Icon: LucideIcon;
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}

function MenuLink({ to, linkRef, label, Icon, onNavigate, children }: MenuLinkProps) {
  return (
    <NavLink
      ref={linkRef}
      to={to}
      onClick={onNavigate}
      className={({ isActive }) => cn(itemClasses, isActive ? activeClasses : idleClasses)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
      {children}
    </NavLink>
  );
}

/** A titled group of menu links (Workspace; Mail and accounts). */
function MenuGroup({
  title,
  items,
  onNavigate,
}: {
  title: string;
  items: readonly Destination[];
  onNavigate?: () => void;
}) {
  const headingId = useId();
  return (
    <li className="pt-3">
      <p id={headingId} className="px-3 pb-1 font-medium text-xs text-zinc-500 dark:text-zinc-400">
        {title}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-col gap-1">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <MenuLink to={to} label={label} Icon={Icon} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Sidebar({ onNavigate, onOpenSettings, onClose }: SidebarProps) {
  const user = useCurrentUser();
  const { data: unreadCount = 0 } = useUnreadCount();
  const panel = useSidebarPanel();
  const chatLinkRef = useRef<HTMLAnchorElement>(null);
  const notetakerButtonRef = useRef<HTMLButtonElement>(null);
  const openNotetaker = useOpenNotetaker(onNavigate);
  const isOverlay = onClose !== undefined;
  const location = useLocation();

  // Chat opens the chat panel; on the chat screen it keeps the open conversation rather than
  // starting a new one (the link's own target).
  const openChatPanel = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.pathname === '/chat') event.preventDefault();
    showSidebarPanel('chat');
  };

  const backToMenu = () => {
    const from = panel === 'meetings' ? notetakerButtonRef : chatLinkRef;
    showSidebarPanel('menu');
    // The Back button is gone with the panel; keyboard users continue from where they came in.
    requestAnimationFrame(() => from.current?.focus());
  };

  return (
    <div className="flex h-full flex-col bg-zinc-50 dark:bg-zinc-900">
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Logo />
        {onClose ? (
          <Button variant="ghost" size="sm" aria-label="Close menu" onClick={onClose} className="-mr-2 px-2">
            <X aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>

      {panel === 'chat' ? (
        <Suspense fallback={<PanelFallback label="Loading chats" />}>
          <ChatPanel onBack={backToMenu} onNavigate={onNavigate} />
        </Suspense>
      ) : panel === 'meetings' ? (
        <Suspense fallback={<PanelFallback label="Loading meetings" />}>
          <NotetakerPanel onBack={backToMenu} onNavigate={onNavigate} isDesktop={!isOverlay} />
        </Suspense>
      ) : (
        <>
          <div className="px-3 pb-2">
            <button
              type="button"
              onClick={() => setCommandPaletteOpen(true)}
              className="flex h-9 w-full items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 text-sm text-zinc-500 transition-colors hover:border-zinc-300 hover:text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            >
              <Search aria-hidden="true" className="size-4 shrink-0" />
              <span className="flex-1 text-left">{SHELL_COPY.openPalette}</span>
              <kbd className="hidden rounded border border-zinc-200 px-1.5 font-sans text-[11px] sm:inline dark:border-zinc-700">
                {SHELL_COPY.paletteShortcut}
              </kbd>
            </button>
          </div>
          <nav aria-label={SHELL_COPY.mainMenu} className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
            <ul className="flex flex-col gap-1">
              <li>
                {/* Chat opens the chat panel in place (the overlay stays open to show it). */}
                <MenuLink
                  to="/chat"
                  linkRef={chatLinkRef}
                  label="Chat"
                  Icon={MessageSquare}
                  onNavigate={openChatPanel}
                >
                  <UnreadBadge count={unreadCount} />
                </MenuLink>
              </li>
              <li>
                {/* Notetaker opens the meetings panel in place, or the calendar page (SPEC §2). */}
                <button
                  ref={notetakerButtonRef}
                  type="button"
                  onClick={() => void openNotetaker()}
                  className={cn(itemClasses, idleClasses)}
                >
                  <Bot aria-hidden="true" className="size-4 shrink-0" />
                  Notetaker
                </button>
              </li>
              <li>
                <MenuLink to="/knaps" label="Knaps" Icon={LayoutGrid} onNavigate={onNavigate} />
              </li>
              <MenuGroup
                title={SHELL_COPY.workspaceGroup}
                items={WORKSPACE_DESTINATIONS}
                onNavigate={onNavigate}
              />
              <MenuGroup title={SHELL_COPY.mailGroup} items={MAIL_DESTINATIONS} onNavigate={onNavigate} />
              <li className="pt-3">
                <button
                  type="button"
                  onClick={() => onOpenSettings()}
                  className={cn(itemClasses, idleClasses)}
                >
                  <Settings aria-hidden="true" className="size-4 shrink-0" />
                  {SHELL_COPY.settings}
                </button>
              </li>
            </ul>
          </nav>
        </>
      )}

      {user ? (
        <div className="flex items-center gap-3 border-zinc-200 border-t px-4 py-4 dark:border-zinc-800">
          <UserAvatar name={user.name || user.email} imageUrl={user.profile_image_url} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm text-zinc-900 dark:text-zinc-50">{user.name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
          <ThemeSwitcher />
        </div>
      ) : null}
    </div>
  );
}
