import { useEffect } from 'react';
import { HOST_SIGNALS } from '../connections/events';
import { closeOnEscape, forwardHostSignals, startEmbeddedAuth } from './embedded-auth';
import { widgetHostOrigin } from './host';

/** In a host page's widget: the host's sign-in handshake, its signals, and Escape to close. */
export function useWidgetBridge(): void {
  useEffect(() => {
    const host = widgetHostOrigin();
    if (!host) return;
    const stopAuth = startEmbeddedAuth(host);
    const stopEscape = closeOnEscape(host);
    const stopSignals = forwardHostSignals(host, HOST_SIGNALS);
    return () => {
      stopAuth();
      stopEscape();
      stopSignals();
    };
  }, []);
}
