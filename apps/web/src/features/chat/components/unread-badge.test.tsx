import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUnreadCount, UnreadBadge } from './unread-badge';

describe('UnreadBadge', () => {
  it("caps the count at '99+'", () => {
    render(<UnreadBadge count={150} />);
    expect(screen.getByText('99+')).toBeTruthy();
  });

  it('shows counts up to the cap as they are', () => {
    render(<UnreadBadge count={99} />);
    expect(screen.getByText('99')).toBeTruthy();
    expect(screen.queryByText('99+')).toBeNull();
  });

  it('renders nothing when nothing is unread', () => {
    const { container } = render(<UnreadBadge count={0} />);
    expect(container.textContent).toBe('');
  });

  it('formats the boundary values', () => {
    expect(formatUnreadCount(1)).toBe('1');
    expect(formatUnreadCount(100)).toBe('99+');
  });
});
