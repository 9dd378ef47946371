import type { RunMode } from '@knap/contracts';

/** True inside any frame. Reading window.top is allowed cross-origin; only its properties are not. */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Widget mode: the widget build, or the app running inside a host page's iframe (SPEC §4). */
export function isWidgetMode(): boolean {
  return import.meta.env.VITE_WIDGET === '1' || isFramed();
}

export function getRunMode(): RunMode {
  return isWidgetMode() ? 'widget' : 'normal';
}
