import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_POPUP_NAME, forcesConsent, runConnectionFlow } from './connect-flow';

const ORIGIN = 'https://studio.example';

function fakePopup() {
  return {
    closed: false,
    opener: {} as unknown,
    location: { href: '' },
    document: { body: null },
    close: vi.fn(),
    focus: vi.fn(),
  };
}

describe('runConnectionFlow', () => {
  it('opens the popup before asking the server (still in the click), then sends it to the flow', async () => {
    const popup = fakePopup();
    const order: string[] = [];
    const openWindow = vi.fn(() => {
      order.push('open');
      return popup as unknown as Window;
    });
    const start = vi.fn(async () => {
      order.push('start');
      return { url: `${ORIGIN}/api/connections/authorize?state=abc` };
    });
    const assign = vi.fn();

    const outcome = await runConnectionFlow({
      type: 'google_drive_read',
      mode: 'widget',
      start,
      openWindow,
      assign,
      currentOrigin: ORIGIN,
    });

    expect(order).toEqual(['open', 'start']);
    expect(openWindow).toHaveBeenCalledWith('', CONNECTION_POPUP_NAME, expect.stringContaining('width=600'));
    expect(start).toHaveBeenCalledWith({ type: 'google_drive_read', mode: 'widget', forceConsent: false });
    expect(popup.location.href).toBe(`${ORIGIN}/api/connections/authorize?state=abc`);
    expect(popup.opener).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(outcome.kind).toBe('popup');
  });

  it('sends Sevanta to its own page (it asks for the system code), keeping the opener', async () => {
    const popup = fakePopup();
    const start = vi.fn();
    await runConnectionFlow({
      type: 'sevanta',
      mode: 'normal',
      start,
      openWindow: () => popup as unknown as Window,
      currentOrigin: ORIGIN,
    });
    expect(start).not.toHaveBeenCalled();
    expect(popup.location.href).toBe(`${ORIGIN}/sevanta`);
    expect(popup.opener).not.toBeNull();
  });

  it('navigates this window when the popup is blocked', async () => {
    const assign = vi.fn();
    const outcome = await runConnectionFlow({
      type: 'dropbox',
      mode: 'normal',
      start: async () => ({ url: '/api/connections/authorize?state=abc' }),
      openWindow: () => null,
      assign,
      currentOrigin: ORIGIN,
    });

    expect(assign).toHaveBeenCalledWith(`${ORIGIN}/api/connections/authorize?state=abc`);
    expect(outcome).toEqual({ kind: 'redirect', url: `${ORIGIN}/api/connections/authorize?state=abc` });
  });

  it('cuts the opener when the flow URL is on another origin', async () => {
    const popup = fakePopup();
    await runConnectionFlow({
      type: 'dropbox',
      mode: 'normal',
      start: async () => ({ url: 'https://api.other.example/authorize' }),
      openWindow: () => popup as unknown as Window,
      currentOrigin: ORIGIN,
    });

    expect(popup.opener).toBeNull();
    expect(popup.location.href).toBe('https://api.other.example/authorize');
  });

  it('closes the popup and rethrows when the flow cannot start, or its URL is not http(s)', async () => {
    for (const start of [
      async () => {
        throw new Error('Dropbox is not configured on this server');
      },
      async () => ({ url: 'javascript:alert(1)' }),
    ]) {
      const popup = fakePopup();
      const assign = vi.fn();
      await expect(
        runConnectionFlow({
          type: 'dropbox',
          mode: 'normal',
          start,
          openWindow: () => popup as unknown as Window,
          assign,
          currentOrigin: ORIGIN,
        }),
      ).rejects.toThrow();
      expect(popup.close).toHaveBeenCalled();
      expect(popup.location.href).toBe('');
      expect(assign).not.toHaveBeenCalled();
    }
  });
});

describe('forcesConsent', () => {
  it('is only for reconnecting a Microsoft connection', () => {
    expect(forcesConsent('microsoft_calendar_read', true)).toBe(true);
    expect(forcesConsent('microsoft_calendar_read', false)).toBe(false);
    expect(forcesConsent('google_calendar_read', true)).toBe(false);
  });
});
