// SPEC §7 Startup-CRM calls.
import { ERR, type RunMode, SEVANTA_PATHS, ZSevantaAuthParams, ZSevantaSuggestions } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export interface SevantaAuthQuery {
  email: string;
  system_code: string;
  mode: RunMode;
  nonce: string;
}

/** The parameters the start link needs for this system; fails with 'Failed to get Sevanta auth params: {status}'. */
export function getSevantaAuthParams(query: SevantaAuthQuery): Promise<Record<string, string>> {
  return apiRequest(`${SEVANTA_PATHS.authParams}?${new URLSearchParams({ ...query })}`, ZSevantaAuthParams, {
    errorMessage: (failure) => ERR.sevantaAuthParams(failure.status),
  });
}

/** Where the browser goes next: our start link, which sends it on to the firm's Sevanta. */
export const sevantaStartUrl = (
  query: { email: string; system_code: string },
  params: Record<string, string>,
) =>
  `${SEVANTA_PATHS.authStart}?${new URLSearchParams({ ...params, email: query.email, system_code: query.system_code })}`;

/** Suggested questions for the deal-flow user, blank ones left out; an answer of another shape fails. */
export async function getSevantaSuggestions(selectedConnections: string[], ref: string): Promise<string[]> {
  const answer = await apiRequest(SEVANTA_PATHS.suggestions, ZSevantaSuggestions, {
    method: 'POST',
    body: { selectedConnections, ref },
  });
  return answer.filter((s) => s.trim() !== '');
}
