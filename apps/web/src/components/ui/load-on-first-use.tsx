// Menus and popovers whose Radix parts (the popper, focus scope and dismissable layer, about 20 KB
// gzipped) load on first use rather than with the page, so the chat screen's first load stays in
// its budget (bench/web.ts). Until used, the trigger is the same button without the menu behind
// it: pointing at it or focusing it starts the download, and pressing it (click, Enter or Space)
// shows the real menu, open.
import { type ButtonHTMLAttributes, type ReactNode, Suspense, useState } from 'react';

export type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement>;

export function LoadOnFirstUse({
  prefetch,
  trigger,
  children,
}: {
  /** Starts loading the real menu (the same import its `lazy` makes). */
  prefetch: () => Promise<unknown>;
  /** The trigger button, drawn with these props until the menu is loaded. */
  trigger: (props: TriggerProps) => ReactNode;
  /** The loaded menu, open from the start (`defaultOpen`). */
  children: ReactNode;
}) {
  const [used, setUsed] = useState(false);
  if (used) return <Suspense fallback={trigger({ 'aria-busy': true })}>{children}</Suspense>;
  const load = () => void prefetch();
  return trigger({ onPointerEnter: load, onFocus: load, onClick: () => setUsed(true) });
}
