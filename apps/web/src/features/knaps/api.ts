// The knap calls of SPEC §7: the user's knaps, one component's data, processing a component into
// the next, and asking for a knap. Failures carry the server's detail, else the SPEC §8 text.
import {
  ERR,
  KNAP_PATHS,
  type KnapComponentId,
  type KnapName,
  type TKnap,
  type TKnapComponentReply,
} from '@knap/contracts';
import { ApiError, apiRequest, lazySchema, ResponseShapeError } from '../../lib/api-client';

/** The message a user sees: what the server said went wrong, else the generic SPEC text. */
const failure = (error: unknown, fallback: string) =>
  new Error(error instanceof ApiError && error.detail ? error.detail : fallback);

export async function getKnaps(): Promise<TKnap[]> {
  try {
    return await apiRequest(KNAP_PATHS.list, lazySchema('ZKnapList'));
  } catch (error) {
    throw error instanceof ResponseShapeError
      ? new Error(ERR.invalidKnapData)
      : failure(error, ERR.fetchKnaps);
  }
}

/** A gated route's knap id may match either the knap's name ('Prospecting') or its tag. */
export function hasKnap(knaps: ReadonlyArray<Pick<TKnap, 'name' | 'tag'>>, required: string): boolean {
  return knaps.some((knap) => knap.name === required || knap.tag === required);
}

export async function getComponent(componentId: KnapComponentId): Promise<TKnapComponentReply> {
  try {
    return await apiRequest(KNAP_PATHS.components, lazySchema('ZKnapComponentReply'), {
      method: 'POST',
      body: { component_id: componentId },
    });
  } catch (error) {
    throw failure(error, ERR.fetchComponentData);
  }
}

export interface ProcessRequest {
  component_id: KnapComponentId;
  input_data: unknown;
  next_step: string;
  next_component_id: KnapComponentId;
}

export async function processComponent(request: ProcessRequest): Promise<TKnapComponentReply> {
  try {
    return await apiRequest(KNAP_PATHS.process, lazySchema('ZKnapComponentReply'), {
      method: 'POST',
      body: request,
    });
  } catch (error) {
    throw failure(error, ERR.processComponentData);
  }
}

export const requestKnap = (knap: KnapName, note: string) =>
  apiRequest(KNAP_PATHS.requests, lazySchema('ZKnapRequest'), { method: 'POST', body: { knap, note } });

export const myKnapRequests = () => apiRequest(KNAP_PATHS.requests, lazySchema('ZKnapRequestList'));
