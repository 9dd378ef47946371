import { MOBILE_BREAKPOINT_PX, SIDEBAR_MIN_WIDTH_PX } from '@knap/contracts';
import { Menu } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { Logo } from '../../components/ui/logo';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { useRefreshAccountBilling } from '../../features/billing/queries';
import type { SettingsOutletContext, SettingsTab } from '../../lib/open-settings';
import { useElementWidth } from '../../lib/use-element-width';
import { BuiltWithBadge } from './built-with-badge';
import { useCommandPaletteShortcut, useCommandPaletteStore } from './command-palette-store';
import { Sidebar } from './sidebar';

// Settings is opened now and then, not on every page: its code loads the first time it opens.
const AccountDialog = lazy(async () => ({
  default: (await import('../../features/account/components/account-dialog')).AccountDialog,
}));
// The command palette (cmdk) loads the first time it opens.
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette')).CommandPalette,
}));

import { LAYER } from '../../components/ui/layers';
import { cn } from '../../lib/cn';
import { useSidebarOverlayRequests } from './use-sidebar-overlay-requests';

/** The signed-in layout: sidebar plus the routed screen. */
export function AppShell() {
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const isMobile = width !== null && width < MOBILE_BREAKPOINT_PX;
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isAccountOpen, setIsAccountOpen] = useState(false);
  const { pathname } = useLocation();
  useCommandPaletteShortcut();
  const isPaletteOpen = useCommandPaletteStore((s) => s.isOpen);
  const [hasOpenedPalette, setHasOpenedPalette] = useState(false);
  if (isPaletteOpen && !hasOpenedPalette) setHasOpenedPalette(true);

  // Growing past the breakpoint turns the overlay into the permanent sidebar; it must not stay open.
  useEffect(() => {
    if (!isMobile) setIsMenuOpen(false);
  }, [isMobile]);
  // Other parts of the app (a finished connection) ask for the mobile menu to open or close.
  useSidebarOverlayRequests((isOpen) => setIsMenuOpen(isOpen && isMobile));

  const refreshAccountBilling = useRefreshAccountBilling();
  // SPEC §2: Settings refreshes credits (and the plan, which a checkout in another tab may have
  // changed) and opens the Account dialog.
  const [accountTab, setAccountTab] = useState<SettingsTab>('account');
  const openSettings = useCallback(
    (tab: SettingsTab = 'account') => {
      refreshAccountBilling();
      setIsMenuOpen(false);
      setAccountTab(tab);
      setIsAccountOpen(true);
    },
    [refreshAccountBilling],
  );
  // Screens open Settings too, e.g. 'Upgrade' when the assistant is out of credits.
  const outletContext = useMemo<SettingsOutletContext>(() => ({ openSettings }), [openSettings]);

  // One stable tree for both layouts (only siblings of <main> come and go), so crossing the
  // breakpoint never remounts the open screen and loses its state.
  return (
    <Dialog.Root open={isMenuOpen} onOpenChange={setIsMenuOpen}>
      <div ref={containerRef} className="flex h-dvh w-full overflow-hidden bg-white dark:bg-zinc-950">
        {isMobile ? null : (
          <aside
            aria-label="Sidebar"
            style={{ minWidth: SIDEBAR_MIN_WIDTH_PX, width: SIDEBAR_MIN_WIDTH_PX }}
            className="h-full shrink-0 border-zinc-200 border-r dark:border-zinc-800"
          >
            <Sidebar onOpenSettings={openSettings} />
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          {isMobile ? (
            <header className="flex h-14 shrink-0 items-center gap-2 border-zinc-200 border-b px-3 dark:border-zinc-800">
              <Dialog.Trigger asChild>
                <Button variant="ghost" size="sm" aria-label="Open menu" className="px-2">
                  <Menu aria-hidden="true" className="size-5" />
                </Button>
              </Dialog.Trigger>
              <Logo />
            </header>
          ) : null}
          <VerifyEmailBanner />
          <main className="relative min-h-0 min-w-0 flex-1 overflow-y-auto">
            {pathname === '/coaching' ? <BuiltWithBadge /> : null}
            <Suspense fallback={<DelayedSpinner />}>
              <Outlet context={outletContext} />
            </Suspense>
          </main>
        </div>
        {isMobile ? (
          <Dialog.Portal>
            <Dialog.Overlay
              data-testid="sidebar-backdrop"
              className={cn(LAYER.sidebarBackdrop, 'fixed inset-0 bg-zinc-950/50 backdrop-blur-[2px]')}
              onClick={() => setIsMenuOpen(false)}
            />
            <Dialog.Content
              aria-describedby={undefined}
              onEscapeKeyDown={(event) => {
                // Escape inside an inline editor (e.g. renaming a chat) ends the edit, not the overlay.
                if (event.target instanceof Element && event.target.closest('[data-keep-open-on-escape]'))
                  event.preventDefault();
              }}
              className={cn(
                LAYER.sidebar,
                'fixed inset-y-0 left-0 w-[85%] max-w-[360px] shadow-2xl focus:outline-none',
              )}
            >
              <Dialog.Title className="sr-only">Menu</Dialog.Title>
              <Sidebar
                onNavigate={() => setIsMenuOpen(false)}
                onOpenSettings={openSettings}
                onClose={() => setIsMenuOpen(false)}
              />
            </Dialog.Content>
          </Dialog.Portal>
        ) : null}
        {hasOpenedPalette ? (
          <Suspense fallback={null}>
            <CommandPalette onOpenSettings={() => openSettings()} />
          </Suspense>
        ) : null}
        {isAccountOpen ? (
          <Suspense fallback={null}>
            <AccountDialog isOpen={isAccountOpen} onOpenChange={setIsAccountOpen} initialTab={accountTab} />
          </Suspense>
        ) : null}
      </div>
    </Dialog.Root>
  );
}
