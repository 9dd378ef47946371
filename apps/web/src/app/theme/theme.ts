// Theme setting (SPEC §9): light, dark or system (default), stored under 'theme'; applied as the
// `dark` class on <html>, which Tailwind's dark variant keys on.
import { THEME_DEFAULT, THEME_STORAGE_KEY, THEMES, type Theme } from '@knap/contracts';
import { readStorage, writeStorage } from '../../lib/storage';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): Theme {
  const stored = readStorage('local', THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : THEME_DEFAULT;
}

export function storeTheme(theme: Theme): void {
  writeStorage('local', THEME_STORAGE_KEY, theme);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

/** Calls back when the OS switches between light and dark. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
