import { ERR } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export const KNAP_PATHS = { list: '/api/studio/knap/' } as const;

/** The fields the web reads today; the full knap shape (steps, components) arrives with its screens. */
export interface KnapSummary {
  name: string;
  tag?: string;
}

export async function getKnaps(): Promise<KnapSummary[]> {
  const data = await apiRequest<unknown>(KNAP_PATHS.list);
  if (!Array.isArray(data)) throw new Error(ERR.invalidKnapData);
  return data.filter((item): item is KnapSummary => typeof item?.name === 'string');
}

/** A gated route's knap id may match either the knap's name ('Prospecting') or its tag. */
export function hasKnap(knaps: readonly KnapSummary[], required: string): boolean {
  return knaps.some((knap) => knap.name === required || knap.tag === required);
}
