// A global fetch stand-in that routes by "METHOD /path"; unknown routes answer 404 like our API.
import { DETAIL, SESSION_HINT_COOKIE } from '@knap/contracts';
import { vi } from 'vitest';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function mockFetch(routes: Record<string, FetchHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request = new Request(url, init);
    const handler = routes[`${request.method} ${url.pathname}`];
    return handler ? handler(request) : jsonResponse({ detail: DETAIL.notFound }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Paths of the calls made so far, e.g. ['GET /api/auth/refresh']. */
export function calledRoutes(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}`;
  });
}

/**
 * A handler whose answer waits until the test calls `release`, so the page can be looked at while
 * the call is on its way. `bodies` holds the JSON bodies it was sent.
 */
export function heldResponse() {
  const bodies: unknown[] = [];
  let answer: (response: Response) => void = () => {};
  const handler: FetchHandler = async (request) => {
    const text = await request.text();
    if (text) bodies.push(JSON.parse(text));
    return new Promise<Response>((resolve) => {
      answer = resolve;
    });
  };
  return { handler, bodies, release: (response: Response) => answer(response) };
}

/** The server's session hint cookie, as a signed-in browser has it (cleared after each test). */
export function setSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
}
