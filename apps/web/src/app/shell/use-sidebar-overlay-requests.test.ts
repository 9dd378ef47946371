import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestSidebarOverlay, useSidebarStore } from './sidebar-store';
import { useSidebarOverlayRequests } from './use-sidebar-overlay-requests';

beforeEach(() => {
  useSidebarStore.setState({ panel: 'menu', overlayRequest: null });
});

describe('useSidebarOverlayRequests', () => {
  it('passes every open or close request to the shell, repeated ones too', () => {
    const onRequest = vi.fn();
    const { unmount } = renderHook(() => useSidebarOverlayRequests(onRequest));

    act(() => requestSidebarOverlay(true));
    act(() => requestSidebarOverlay(false));
    act(() => requestSidebarOverlay(false));
    expect(onRequest.mock.calls).toEqual([[true], [false], [false]]);

    unmount();
    act(() => requestSidebarOverlay(true));
    expect(onRequest).toHaveBeenCalledTimes(3);
  });

  it('ignores panel changes', () => {
    const onRequest = vi.fn();
    renderHook(() => useSidebarOverlayRequests(onRequest));
    act(() => useSidebarStore.setState({ panel: 'meetings' }));
    expect(onRequest).not.toHaveBeenCalled();
  });
});
