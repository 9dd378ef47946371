// Sevanta deal-flow systems on loopback. Each firm's system lives under its own base URL (here
// `{url}/{system_code}`): OAuth at /oauth/authorize|token|revoke (served by an OIDC fake behind
// this one), the signed-in user at /api/v1/me, and the pipeline at /api/v1/deals.
import { type FakeServer, redirect, sendJson, startFakeServer } from './http.js';
import { type FakeOidc, type FakeOidcUser, startFakeOidc } from './oidc.js';

export interface FakeSevantaDeal {
  id: number;
  company_name: string;
  stage: string;
  status: 'active' | 'watchlist' | 'passed' | 'portfolio';
  sector: string;
  owner: string;
  updated_at: string;
  notes?: string;
}

export interface FakeSevanta extends FakeServer {
  /** The SEVANTA_URL template pointing at this fake. */
  urlTemplate: string;
  /** The OAuth side (tokens, revocations, failNextRefresh). */
  oauth: FakeOidc;
  /** Systems that exist; others answer 404. */
  systems: Set<string>;
  deals: FakeSevantaDeal[];
  /** Every API request: system, path and query. */
  requests: Array<{ system: string; path: string; query: Record<string, string> }>;
  /** Makes the deals API answer 503 until called again with false. */
  setDown(down: boolean): void;
}

/**
 * A small pipeline as of `now`: one active deal touched this week, one active deal gone stale
 * (45 days), and one watchlist company (20 days).
 */
export function samplePipeline(now: number): FakeSevantaDeal[] {
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
  return [
    {
      id: 1,
      company_name: 'Lumen Robotics',
      stage: 'Series A',
      status: 'active',
      sector: 'Robotics',
      owner: 'Pat',
      updated_at: ago(2),
    },
    {
      id: 2,
      company_name: 'Quiet Ledger',
      stage: 'Seed',
      status: 'active',
      sector: 'Fintech',
      owner: 'Pat',
      updated_at: ago(45),
    },
    {
      id: 3,
      company_name: 'Harbor Bio',
      stage: 'Pre-seed',
      status: 'watchlist',
      sector: 'Biotech',
      owner: 'Sam',
      updated_at: ago(20),
    },
  ];
}

export async function startFakeSevanta(
  options: { user?: FakeOidcUser; systems?: string[]; port?: number } = {},
): Promise<FakeSevanta> {
  const oauth = await startFakeOidc({
    clientId: 'sevanta-client',
    clientSecret: 'sevanta-secret',
    ...(options.user ? { user: options.user } : {}),
  });
  const systems = new Set(options.systems ?? ['acme-ventures']);
  const deals: FakeSevantaDeal[] = [];
  const requests: FakeSevanta['requests'] = [];
  let down = false;

  const server = await startFakeServer(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, system = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (!systems.has(system)) return sendJson(res, 404, { error: 'unknown_system' });
    requests.push({ system, path, query: Object.fromEntries(url.searchParams) });

    const oauthPath = {
      '/oauth/authorize': '/authorize',
      '/oauth/token': '/token',
      '/oauth/revoke': '/revoke',
    }[path];
    if (oauthPath) {
      // The OIDC fake does the OAuth work; its answer is passed back as is.
      const answer = await fetch(`${oauth.url}${oauthPath}${url.search}`, {
        method: req.method ?? 'GET',
        redirect: 'manual',
        ...(req.method === 'POST'
          ? {
              body,
              headers: {
                'content-type': String(req.headers['content-type'] ?? ''),
                // Client authentication (client_secret_basic) goes on with the request.
                ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
              },
            }
          : {}),
      });
      const location = answer.headers.get('location');
      if (location) return redirect(res, location);
      return sendJson(res, answer.status, await answer.json());
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? oauth.userOf(token) : undefined;
    if (!user)
      return sendJson(res, 401, { error: 'invalid_token', message: 'Access token is invalid or expired' });
    if (path === '/api/v1/me')
      return sendJson(res, 200, { id: user.sub, email: user.email, name: user.name });
    if (path === '/api/v1/deals' && req.method === 'GET') {
      if (down) return sendJson(res, 503, { error: 'unavailable' });
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100);
      const found = deals
        .filter((d) => !status || d.status === status)
        .filter(
          (d) => !q || [d.company_name, d.sector, d.notes ?? ''].some((f) => f.toLowerCase().includes(q)),
        )
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .slice(0, limit)
        .map((d) => ({
          id: d.id,
          company_name: d.company_name,
          stage: d.stage,
          status: d.status,
          sector: d.sector,
          owner: { name: d.owner },
          updated_at: d.updated_at,
        }));
      return sendJson(res, 200, { deals: found, total: found.length });
    }
    return sendJson(res, 404, { error: 'not_found' });
  }, options.port);

  return {
    ...server,
    urlTemplate: `${server.url}/{system_code}`,
    oauth,
    systems,
    deals,
    requests,
    setDown: (value) => {
      down = value;
    },
    close: async () => {
      await server.close();
      await oauth.close();
    },
  };
}
