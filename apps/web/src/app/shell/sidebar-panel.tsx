import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';

export interface SidebarPanelProps {
  title: string;
  /** Back to the main menu. */
  onBack: () => void;
  children: ReactNode;
}

/** A feature's panel in the sidebar (chat, notetaker): Back and the panel's heading above its content. */
export function SidebarPanel({ title, onBack, children }: SidebarPanelProps) {
  const titleId = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  // Opening the panel removed the menu item that had focus; keyboard users continue from Back.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) backRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby={titleId} className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-1 px-3">
        <Button ref={backRef} variant="ghost" size="sm" aria-label="Back" onClick={onBack} className="px-2">
          <ArrowLeft aria-hidden="true" className="size-4" />
        </Button>
        <h2 id={titleId} className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}
