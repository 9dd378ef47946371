// Whether the command palette is open: Ctrl/⌘-K anywhere in the shell, or the sidebar's button.
import { useEffect } from 'react';
import { create } from 'zustand';

export const useCommandPaletteStore = create<{ isOpen: boolean }>()(() => ({ isOpen: false }));

export const setCommandPaletteOpen = (isOpen: boolean) => useCommandPaletteStore.setState({ isOpen });

/** Ctrl-K (⌘-K on a Mac) opens the palette, or closes it when open. */
export function useCommandPaletteShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setCommandPaletteOpen(!useCommandPaletteStore.getState().isOpen);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
