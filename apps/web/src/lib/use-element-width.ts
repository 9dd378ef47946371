import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Live width of an element. The shell measures its own container rather than the window because
 * in widget mode the container is the widget, which is narrow whatever the host window's size.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measure before the first paint so the layout does not flash from desktop to mobile.
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return width;
}
