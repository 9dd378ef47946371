import { THEME_STORAGE_KEY } from '@knap/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './theme-provider';
import { ThemeSwitcher } from './theme-switcher';

function stubSystemDark(isDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: isDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return (nowDark: boolean) => {
    query.matches = nowDark;
    for (const listener of listeners) listener();
  };
}

function renderSwitcher() {
  return render(
    <ThemeProvider>
      <ThemeSwitcher />
    </ThemeProvider>,
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  document.documentElement.classList.remove('dark');
});

describe('theme', () => {
  it('defaults to the system theme and follows it as it changes', () => {
    const setSystemDark = stubSystemDark(false);
    renderSwitcher();

    expect(screen.getByRole('button', { name: 'System theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(isDark()).toBe(false);
    act(() => setSystemDark(true));
    expect(isDark()).toBe(true);
  });

  it("stores an explicit choice under 'theme' and applies it regardless of the system", async () => {
    stubSystemDark(false);
    renderSwitcher();

    await userEvent.click(screen.getByRole('button', { name: 'Dark theme' }));

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(isDark()).toBe(true);
  });

  it('restores the stored choice on the next visit', () => {
    stubSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderSwitcher();

    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Light theme' }).getAttribute('aria-pressed')).toBe('true');
  });
});
