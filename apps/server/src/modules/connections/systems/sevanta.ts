// Sevanta, the startup deal-flow CRM: deals are read through the user's connection (at their firm's
// system, oauth/sevanta.ts), and the Sevanta page's suggestions come from the user's own recent
// deal activity.
import type { AppDeps } from '../../../platform/deps.js';
import { providerApi } from './provider-api.js';

const DAY_MS = 86_400_000;
/** An active deal nobody touched for this long is stale. */
const STALE_AFTER_DAYS = 30;

export interface SevantaDeal {
  id: string;
  company: string;
  stage: string;
  status: 'active' | 'watchlist' | 'passed' | 'portfolio' | string;
  owner: string | null;
  sector: string | null;
  updated_at: string;
}

interface ApiDeal {
  id: string | number;
  company_name?: string;
  stage?: string;
  status?: string;
  owner?: { name?: string } | null;
  sector?: string | null;
  updated_at?: string;
}

const toDeal = (d: ApiDeal): SevantaDeal => ({
  id: String(d.id),
  company: d.company_name ?? 'Unnamed company',
  stage: d.stage ?? 'Unknown stage',
  status: d.status ?? 'active',
  owner: d.owner?.name ?? null,
  sector: d.sector ?? null,
  updated_at: d.updated_at ?? '',
});

async function listDeals(
  deps: AppDeps,
  userId: string,
  params: Record<string, string>,
): Promise<SevantaDeal[]> {
  const api = await providerApi(deps, userId, 'sevanta');
  const body = await api.call<{ deals?: ApiDeal[] }>({ url: `/api/v1/deals?${new URLSearchParams(params)}` });
  return (body.deals ?? []).map(toDeal);
}

/** Deals whose company, sector or notes match `query`, most recently active first. */
export const searchDeals = (deps: AppDeps, userId: string, query: string, status?: string) =>
  listDeals(deps, userId, { q: query, sort: '-updated_at', limit: '25', ...(status ? { status } : {}) });

const names = (deals: SevantaDeal[], max = 3) => {
  const shown = deals.slice(0, max).map((d) => d.company);
  const rest = deals.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(shown.length === 2 ? ' and ' : ', ');
};

/**
 * Questions worth asking about this user's pipeline right now: what moved this week, what went
 * stale, who on the watchlist needs a nudge, and what the other selected connections can add.
 * Empty when Sevanta is not connected or does not answer (the page then shows its defaults).
 */
export async function suggestionsFor(
  deps: AppDeps,
  userId: string,
  selectedConnections: string[],
  log: { warn(obj: object, msg: string): void },
): Promise<string[]> {
  let deals: SevantaDeal[];
  try {
    deals = await listDeals(deps, userId, { sort: '-updated_at', limit: '100' });
  } catch (err) {
    log.warn({ err }, 'sevanta suggestions: deals unavailable');
    return [];
  }
  const now = deps.clock.now().getTime();
  const age = (d: SevantaDeal) => (now - Date.parse(d.updated_at)) / DAY_MS;
  const recent = deals.filter((d) => age(d) <= 7);
  const active = deals.filter((d) => d.status === 'active');
  const stale = active.filter((d) => age(d) > STALE_AFTER_DAYS);
  const watchlist = deals.filter((d) => d.status === 'watchlist');
  const out: string[] = [];
  if (recent.length) out.push(`Summarize this week's activity on ${names(recent)}`);
  if (stale.length)
    out.push(
      `Which of my ${stale.length} active deals untouched for ${STALE_AFTER_DAYS}+ days need a next step?`,
    );
  if (watchlist.length) out.push(`Draft follow-ups for my watchlist: ${names(watchlist)}`);
  const top = active[0];
  if (top) out.push(`What is the latest on ${top.company} (${top.stage})?`);
  const has = (type: string) => selectedConnections.includes(type);
  if (top && (has('google_gmail_modify') || has('microsoft_outlook_read')))
    out.push(`Find my recent emails with ${top.company}`);
  if (has('google_calendar_read') || has('microsoft_calendar_read'))
    out.push('Prepare me for my next meeting with a founder');
  return out;
}
