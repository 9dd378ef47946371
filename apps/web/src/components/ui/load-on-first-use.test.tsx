import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadOnFirstUse } from './load-on-first-use';

describe('LoadOnFirstUse', () => {
  it('draws only the trigger, loads on pointing or focus, and shows the menu when pressed', async () => {
    const prefetch = vi.fn(async () => undefined);
    render(
      <LoadOnFirstUse
        prefetch={prefetch}
        trigger={(props) => (
          <button type="button" {...props}>
            Options
          </button>
        )}
      >
        <div role="menu">Rename</div>
      </LoadOnFirstUse>,
    );
    const button = screen.getByRole('button', { name: 'Options' });
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.hover(button);
    expect(prefetch).toHaveBeenCalledTimes(1);
    button.focus();
    expect(prefetch).toHaveBeenCalledTimes(2);
    await userEvent.click(button);
    expect(screen.getByRole('menu').textContent).toBe('Rename');
  });
});
