import { SPINNER_DELAY_MS } from '@knap/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedSpinner } from './delayed-spinner';

afterEach(() => {
  vi.useRealTimers();
});

describe('DelayedSpinner', () => {
  it('stays invisible for fast loads and appears once the delay has passed', () => {
    vi.useFakeTimers();
    render(<DelayedSpinner label="Loading chats" />);

    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading chats' })).toBeTruthy();
  });
});
