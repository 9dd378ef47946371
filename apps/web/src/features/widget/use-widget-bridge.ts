import { useEffect } from 'react';
import { closeOnEscape, startEmbeddedAuth } from './embedded-auth';
import { widgetHostOrigin } from './host';

/** In a host page's widget: the host's sign-in handshake and Escape to close. Nothing otherwise. */
export function useWidgetBridge(): void {
  useEffect(() => {
    const host = widgetHostOrigin();
    if (!host) return;
    const stopAuth = startEmbeddedAuth(host);
    const stopEscape = closeOnEscape(host);
    return () => {
      stopAuth();
      stopEscape();
    };
  }, []);
}
