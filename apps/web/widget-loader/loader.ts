// The host page's one <script>: a launcher button and the app in an iframe panel, inside a
// shadow root so neither page's styles reach the other. Built to dist/widget.js (build.mjs).
//
//   <script src="https://studio.example/widget.js" data-position="bottom-right"
//           data-color="#4f46e5" data-open="false" data-auth="host" async></script>
//
// With data-auth="host" the host page signs its users in itself and hands the widget their session:
// KnapWidget.authenticate('google', accessToken); until then the widget waits (up to 30 s). Without
// it, users sign in inside the widget (through a popup). Messages go to the app's origin only and
// are taken from it only.
import { WIDGET_AUTH_PARAM, WIDGET_HOST_PARAM, WIDGET_MESSAGES } from '@knap/contracts';

interface KnapWidgetApi {
  open(): void;
  close(): void;
  toggle(): void;
  /** Hands the widget a session: a Google or Microsoft access token, or one of ours. */
  authenticate(provider: string, accessToken: string): void;
  /** Sends a SPEC §2 signal into the app: 'knap:open-connections', 'knap:refresh-startup-crm-token'. */
  signal(name: string): void;
  /**
   * The address of the app's sign-in page for a popup this page opens itself: it carries the
   * challenge the widget gave, so the one-shot code the popup hands back works only in the widget.
   * Null until the widget has asked for a session.
   */
  signInUrl(provider?: string): string | null;
}

declare global {
  interface Window {
    KnapWidget?: KnapWidgetApi;
  }
}

const STORAGE_KEY = 'knap-widget-open';
const ICON =
  '<svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
const CLOSE =
  '<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

function start(script: HTMLScriptElement) {
  const app = new URL(script.src).origin;
  const data = script.dataset;
  const side = data.position === 'bottom-left' ? 'left' : 'right';
  const color = /^#[0-9a-f]{3,8}$/i.test(data.color ?? '') ? data.color : '#4f46e5';
  let token: { provider: string; access_token: string } | null = null;
  let challenge: string | null = null;

  const element = document.createElement('knap-widget');
  const root = element.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>
:host{all:initial}
.l{position:fixed;bottom:20px;${side}:20px;z-index:2147483646;width:56px;height:56px;border:0;border-radius:50%;background:${color};color:#fff;cursor:pointer;display:grid;place-items:center;box-shadow:0 6px 24px rgba(0,0,0,.25);transition:transform .2s}
.l:hover{transform:scale(1.06)}.l:focus-visible{outline:3px solid ${color};outline-offset:3px}
.p{position:fixed;bottom:88px;${side}:20px;z-index:2147483647;width:400px;height:min(640px,calc(100vh - 108px));border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 12px 48px rgba(0,0,0,.3);opacity:0;transform:translateY(12px) scale(.98);pointer-events:none;visibility:hidden;transition:opacity .2s,transform .2s,visibility 0s .2s}
.p.o{opacity:1;transform:none;pointer-events:auto;visibility:visible;transition:opacity .2s,transform .2s}
.p iframe{width:100%;height:100%;border:0;display:block}
.h{display:none}
@media (max-width:640px){.p{inset:0;width:100%;height:100%;border-radius:0;display:flex;flex-direction:column}.p.o~.l{display:none}.p iframe{flex:1;height:auto;min-height:0}
.h{display:flex;align-items:center;justify-content:space-between;flex:none;height:48px;padding:0 4px 0 16px;background:${color};color:#fff;font:600 15px/1.2 system-ui,sans-serif}
.x{width:44px;height:44px;border:0;border-radius:8px;background:transparent;color:#fff;cursor:pointer;display:grid;place-items:center}.x:focus-visible{outline:3px solid #fff;outline-offset:-3px}}
@media (prefers-reduced-motion:reduce){.l,.p,.p.o{transition:none}}
</style><div class="p" role="dialog" aria-label="Knap Studio"><div class="h"><span>Knap Studio</span><button class="x" type="button" aria-label="Close Knap Studio">${CLOSE}</button></div></div><button class="l" type="button" aria-expanded="false" aria-label="Open Knap Studio">${ICON}</button>`;
  const panel = root.querySelector('.p') as HTMLDivElement;
  const launcher = root.querySelector('.l') as HTMLButtonElement;
  // On a phone the open panel fills the screen and covers the launcher: its own bar closes it.
  const closeButton = root.querySelector('.x') as HTMLButtonElement;
  let frame: HTMLIFrameElement | null = null;

  const post = (message: object) => frame?.contentWindow?.postMessage(message, app);
  const sendToken = () => {
    if (token) post({ type: WIDGET_MESSAGES.authSuccess, ...token });
  };

  const setOpen = (open: boolean, focus = true) => {
    if (open && !frame) {
      // The app loads on first open, so a closed widget costs the host page nothing.
      frame = document.createElement('iframe');
      frame.title = 'Knap Studio assistant';
      frame.allow = 'clipboard-write';
      const query = new URLSearchParams({ [WIDGET_HOST_PARAM]: location.origin });
      if (data.auth === 'host') query.set(WIDGET_AUTH_PARAM, 'host');
      frame.src = `${app}/chat?${query}`;
      panel.append(frame);
    }
    panel.classList.toggle('o', open);
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? 'Close Knap Studio' : 'Open Knap Studio');
    launcher.innerHTML = open ? CLOSE : ICON;
    try {
      localStorage.setItem(STORAGE_KEY, open ? '1' : '0');
    } catch {
      // Storage may be blocked; the state just is not remembered.
    }
    if (focus) (open ? frame : launcher)?.focus();
  };
  const isOpen = () => panel.classList.contains('o');

  launcher.addEventListener('click', () => setOpen(!isOpen()));
  closeButton.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) setOpen(false);
  });
  window.addEventListener('message', (e) => {
    if (e.origin !== app) return;
    const message = e.data as { type?: unknown; one_shot_code?: unknown } | null;
    // A sign-in popup of the app that this page opened: its one-shot code goes to the widget.
    if (e.source !== frame?.contentWindow) {
      if (message?.type === WIDGET_MESSAGES.authComplete && typeof message.one_shot_code === 'string')
        post({ type: WIDGET_MESSAGES.authComplete, one_shot_code: message.one_shot_code });
      return;
    }
    const type = message?.type;
    const offered = (message as { code_challenge?: unknown } | null)?.code_challenge;
    if (type === WIDGET_MESSAGES.requestAuth && typeof offered === 'string' && /^[\w-]{43}$/.test(offered))
      challenge = offered;
    if (type === WIDGET_MESSAGES.close) setOpen(false);
    else if (type === WIDGET_MESSAGES.requestAuth) sendToken();
    if (type === WIDGET_MESSAGES.authComplete || type === WIDGET_MESSAGES.requestAuth)
      window.dispatchEvent(new CustomEvent(`knap-widget:${String(type).toLowerCase()}`));
  });

  window.KnapWidget = {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!isOpen()),
    authenticate(provider, accessToken) {
      token = { provider, access_token: accessToken };
      sendToken();
    },
    signal(name) {
      post({ type: WIDGET_MESSAGES.signal, name });
    },
    signInUrl(provider) {
      if (!challenge) return null;
      const query = new URLSearchParams({ challenge, ...(provider ? { provider } : {}) });
      return `${app}/auth/ghost?${query}`;
    },
  };
  document.body.append(element);

  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(STORAGE_KEY);
  } catch {
    // As above.
  }
  if (remembered === '1' || (remembered === null && data.open === 'true')) setOpen(true, false);
}

const script = document.currentScript as HTMLScriptElement | null;
if (script && !window.KnapWidget) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script));
}
