// Serves the built web app from the API's port: hashed assets cached for a year, and any other
// non-API GET falls back to index.html so client-side routes load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DETAIL, ERROR_REPORTING_META, type ErrorReportingSettings } from '@knap/contracts';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Pages a popup lands on after a trip through another origin (an OAuth provider, the firm's
 * Sevanta), which then post their result to the app window that opened them. The app's pages send
 * COOP same-origin-allow-popups; these pages and every redirect send none, because a popup whose
 * documents or redirects carry COOP loses `window.opener` on the way through the other origin, and
 * the result could not be posted (apps/web/e2e/sevanta.spec.ts proves the round trip).
 */
const POPUP_LANDING_PAGES = ['/auth/ghost', '/auth/connections-ghost', '/sevanta'];

/**
 * The build keeps source maps for error reporting (apps/web/vite.config.ts); they would hand every
 * visitor the app's sources and layout, so they are never served, not even as index.html.
 */
const SOURCE_MAP = /\.map$/i;

/** The host-page script of the widget (built by apps/web/widget-loader). */
export const WIDGET_LOADER_PATH = '/widget.js';

/** The page's `<meta>` naming the widget's host origins, which the app reads at run time. */
export const WIDGET_ORIGINS_META = 'knap-widget-origins';

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** What the built app cannot know and the server tells it at run time, so one build serves every deployment. */
export interface WebSettings {
  /** The widget's host origins. */
  widgetOrigins: readonly string[];
  /** Where the app reports its errors; unset, it loads no error-reporting code at all. */
  errorReporting?: ErrorReportingSettings | undefined;
}

/** index.html with the run-time settings as `<meta>` tags the app reads before it renders. */
export function indexHtml(raw: string, settings: WebSettings): string {
  const tags = [
    `<meta name="${WIDGET_ORIGINS_META}" content="${escapeAttribute(settings.widgetOrigins.join(','))}" />`,
    ...(settings.errorReporting
      ? [
          `<meta name="${ERROR_REPORTING_META}" content="${escapeAttribute(JSON.stringify(settings.errorReporting))}" />`,
        ]
      : []),
  ];
  return raw.replace('</head>', `${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`);
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  settings: WebSettings = { widgetOrigins: [] },
): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 300 && reply.statusCode < 400) reply.removeHeader('cross-origin-opener-policy');
    // The widget loader is loaded by host pages on other origins (helmet's default is same-origin).
    if (request.url.split('?')[0] === WIDGET_LOADER_PATH)
      reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const html = hasWeb ? indexHtml(readFileSync(path.join(webDist, 'index.html'), 'utf8'), settings) : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/compress-dist.mjs):
      // a browser that accepts one gets those bytes, compressed once, not on every request.
      preCompressed: true,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        const html = file.endsWith('.html');
        res.header(
          'cache-control',
          immutable
            ? `public, max-age=${YEAR_SECONDS}, immutable`
            : html
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = !isApi && !SOURCE_MAP.test(pathname);
    if (hasWeb && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      if (POPUP_LANDING_PAGES.includes(pathname)) reply.removeHeader('cross-origin-opener-policy');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send({ detail: DETAIL.routeNotFound(request.method, pathname) });
  });
}
