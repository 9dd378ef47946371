import { WIDGET_AUTH_PARAM, WIDGET_HOST_PARAM } from '@knap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { widgetOrigins } from '../../lib/allowed-origins';
import { expectsHostToken, isExternalPopup } from '../../lib/run-mode';
import { captureWidgetHost, widgetHostOrigin } from './host';

const setMeta = (content: string) => {
  document.head.querySelector('meta[name="knap-widget-origins"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'knap-widget-origins';
  meta.content = content;
  document.head.append(meta);
};

const open = (query: Record<string, string>) =>
  window.history.replaceState(null, '', `/chat?${new URLSearchParams({ id: '7', ...query })}`);

describe('the widget host origin', () => {
  beforeEach(() => {
    setMeta('https://host.example, http://127.0.0.1:4100');
    // Framed: the app runs in the host page's iframe.
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    window.sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads the allowed origins from the page', () => {
    expect(widgetOrigins()).toEqual(['https://host.example', 'http://127.0.0.1:4100']);
  });

  it('keeps an allowed host (and whether it signs users in), and takes the parameters out of the address', () => {
    open({ [WIDGET_HOST_PARAM]: 'https://host.example', [WIDGET_AUTH_PARAM]: 'host' });
    captureWidgetHost();
    expect(window.location.search).toBe('?id=7');
    expect(widgetHostOrigin()).toBe('https://host.example');
    expect(expectsHostToken()).toBe(true);
  });

  it('ignores a host not on the list, and any host when not framed', () => {
    open({ [WIDGET_HOST_PARAM]: 'https://evil.example', [WIDGET_AUTH_PARAM]: 'host' });
    captureWidgetHost();
    expect(widgetHostOrigin()).toBeNull();
    expect(expectsHostToken()).toBe(false);

    vi.restoreAllMocks();
    open({ [WIDGET_HOST_PARAM]: 'https://host.example' });
    captureWidgetHost();
    expect(widgetHostOrigin()).toBeNull();
  });

  it('a host removed from the list later is no longer trusted', () => {
    open({ [WIDGET_HOST_PARAM]: 'https://host.example' });
    captureWidgetHost();
    setMeta('http://127.0.0.1:4100');
    expect(widgetHostOrigin()).toBeNull();
  });
});

describe('an external popup', () => {
  it('is a window opened by another origin', () => {
    expect(isExternalPopup({ opener: null })).toBe(false);
    expect(isExternalPopup({ opener: window })).toBe(false);
    const crossOrigin = {
      get location(): Location {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isExternalPopup({ opener: crossOrigin })).toBe(true);
  });
});
