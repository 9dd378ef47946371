// Knaps (SPEC §3 Knap, §4 Knap store, §7 Knaps): which knaps a user has (defaults on first read,
// operators grant and revoke, users ask), each component's data, and processing one component
// into the next. A knap the user does not have answers 404 on its component calls (SPEC §5).
import {
  DETAIL,
  KNAP_CATALOGUE,
  KNAP_COMPONENT_DATA,
  KNAP_DETAIL,
  KNAP_FLOW,
  KNAP_NAMES,
  KNAP_PROCESS_INPUTS,
  type KnapComponentId,
  type KnapDefinition,
  type KnapName,
  type ProcessableComponentId,
  type TKnap,
  type TKnapComponentReply,
  type TKnapRequest,
  type TMeetingFilters,
} from '@knap/contracts';
import type { z } from 'zod';
import { isOperator } from '../../platform/auth.js';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit, refuseOwn } from '../audit/service.js';
import { modelMeter } from '../credits/service.js';
import * as meetingsService from '../meetings/service.js';
import * as users from '../users/service.js';
import { adviseMeetings, coachingRows, NO_FILTERS } from './coaching.js';
import type { KnapContext, Log } from './model.js';
import { clientsOf, draftOutreach, findOutreach } from './outreach.js';
import { buildEmail, buildGaps, buildPlan, buildPortfolio, buildProfile } from './planning.js';
import { dataSelection, loadProspects, rankProspects } from './prospecting.js';
import * as repo from './repo.js';

/** The user's knaps; the configured defaults are given the first time they are read. */
async function knapsOf(deps: AppDeps, userId: string): Promise<KnapName[]> {
  if (!(await repo.hasDefaults(deps.db.db, userId)))
    await repo.grantDefaultsOnce(deps.db.db, userId, deps.config.knapDefaults, isoNow(deps.clock));
  return repo.listKnaps(deps.db.db, userId);
}

/** The user's knap names, in catalogue order. */
export async function knapNamesOf(deps: AppDeps, userId: string): Promise<KnapName[]> {
  const owned = new Set(await knapsOf(deps, userId));
  return KNAP_NAMES.filter((name) => owned.has(name));
}

/** GET /api/studio/knap/: in catalogue order; a step is accessible once it has data, the first always. */
export async function listKnaps(deps: AppDeps, userId: string): Promise<TKnap[]> {
  const owned = new Set(await knapsOf(deps, userId));
  const ready = new Set(await repo.storedComponentIds(deps.db.db, userId));
  return KNAP_NAMES.filter((name) => owned.has(name)).map((name) => {
    const knap = KNAP_CATALOGUE[name];
    const steps = knap.steps.map((step, n) => ({
      id: step.id,
      components: step.components.map((id) => ({
        id,
        state: ready.has(id) ? ('ready' as const) : ('empty' as const),
      })),
      isAccessible: n === 0 || step.components.some((id) => ready.has(id)),
    }));
    return {
      name,
      tag: knap.tag,
      steps,
      activeStep: steps.findLast((s) => s.isAccessible)!.id,
      showClientProfile: knap.showClientProfile,
    };
  });
}

const knapOfComponent = (componentId: KnapComponentId): KnapDefinition =>
  Object.values(KNAP_CATALOGUE).find((k) => k.steps.some((s) => s.components.includes(componentId)))!;

async function requireKnapOf(deps: AppDeps, userId: string, componentId: KnapComponentId) {
  const knap = knapOfComponent(componentId);
  if (!(await knapsOf(deps, userId)).includes(knap.name)) throw notFound(KNAP_DETAIL.notFound);
  return knap;
}

// Access management.

function requireOperator(deps: AppDeps, user: UserRow) {
  if (!isOperator(deps, user)) throw new HttpError(403, DETAIL.operatorsOnly('manage knaps'));
}

/** An operator gives or takes a knap; answers the user's knaps after the change. */
export async function setKnap(
  deps: AppDeps,
  actor: UserRow,
  input: { email: string; knap: KnapName },
  grant: boolean,
): Promise<{ email: string; knaps: KnapName[] }> {
  requireOperator(deps, actor);
  const target = await users.findUserByEmail(deps, input.email);
  if (!target) throw notFound(DETAIL.userNotFound);
  return { email: target.email, knaps: await changeKnap(deps, actor, target.id, input.knap, grant) };
}

/** Gives or takes a knap (for an operator or an organization admin, checked by the caller), audited. */
export async function changeKnap(
  deps: AppDeps,
  actor: UserRow,
  userId: string,
  knap: KnapName,
  grant: boolean,
): Promise<KnapName[]> {
  await refuseOwn(deps, { actor, subjectId: userId, what: `knap ${knap}`, detail: DETAIL.ownKnaps });
  // Defaults first, so a later first read cannot give back a knap revoked now.
  await knapsOf(deps, userId);
  if (grant) await repo.grantKnap(deps.db.db, userId, knap, actor.email, isoNow(deps.clock));
  else await repo.revokeKnap(deps.db.db, userId, knap);
  await recordAudit(deps, {
    action: grant ? 'knap.granted' : 'knap.revoked',
    userId,
    actor: actor.email,
    target: knap,
  });
  return knapNamesOf(deps, userId);
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;
const toRequest = ({ user_id: _userId, ...row }: RequestRow): TKnapRequest => row;

export async function requestKnap(
  deps: AppDeps,
  user: UserRow,
  input: { knap: KnapName; note: string },
): Promise<TKnapRequest> {
  if ((await knapsOf(deps, user.id)).includes(input.knap)) throw new HttpError(409, KNAP_DETAIL.alreadyHave);
  const id = newId();
  const created = await repo.insertRequest(deps.db.db, {
    id,
    user_id: user.id,
    knap: input.knap,
    note: input.note,
    created_at: isoNow(deps.clock),
  });
  if (!created) throw new HttpError(409, KNAP_DETAIL.alreadyAsked);
  return toRequest((await repo.findRequest(deps.db.db, id))!);
}

export const ownRequests = async (deps: AppDeps, user: UserRow) =>
  (await repo.listRequests(deps.db.db, { userId: user.id })).map(toRequest);

export async function reviewRequests(deps: AppDeps, actor: UserRow, status?: TKnapRequest['status']) {
  requireOperator(deps, actor);
  return (await repo.listRequests(deps.db.db, { status })).map(toRequest);
}

/** Knap requests of some users (an organization's members, for its admins). */
export const requestsOf = async (deps: AppDeps, userIds: string[], status?: TKnapRequest['status']) =>
  (await repo.listRequests(deps.db.db, { userIds, status })).map(toRequest);

/** An operator approves (granting the knap) or declines a pending request. */
export async function decideRequest(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  status: 'approved' | 'declined',
  /** For organization admins: only requests of these users; others answer 404. */
  onlyUsers?: string[],
): Promise<TKnapRequest> {
  if (!onlyUsers) requireOperator(deps, actor);
  const request = await repo.findRequest(deps.db.db, id);
  if (!request || (onlyUsers && !onlyUsers.includes(request.user_id)))
    throw notFound(KNAP_DETAIL.requestNotFound);
  await refuseOwn(deps, {
    actor,
    subjectId: request.user_id,
    what: `knap request ${request.knap}`,
    detail: DETAIL.ownKnapRequest,
  });
  await knapsOf(deps, request.user_id);
  const decided = await repo.decideRequest(deps.db.db, request, {
    status,
    decided_by: actor.email,
    decided_at: isoNow(deps.clock),
  });
  if (!decided) throw new HttpError(409, KNAP_DETAIL.requestDecided);
  return toRequest((await repo.findRequest(deps.db.db, id))!);
}

// Component data.

/** The user's stored data of these components (the Library lists knap outputs from them). */
export const componentRows = (deps: AppDeps, userId: string, componentIds: readonly string[]) =>
  repo.readComponents(deps.db.db, userId, componentIds);

/** A component's stored data, or null (also when it no longer matches its schema). */
async function storedData(deps: AppDeps, userId: string, componentId: KnapComponentId) {
  const [row] = await repo.readComponents(deps.db.db, userId, [componentId]);
  if (!row) return null;
  const parsed = KNAP_COMPONENT_DATA[componentId].safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : null;
}

const storedFilters = async (deps: AppDeps, userId: string): Promise<TMeetingFilters> =>
  ((await storedData(deps, userId, 'meeting-filters')) as TMeetingFilters | null) ?? NO_FILTERS;

type Data = Record<string, unknown>;

/** What a component starts from when it has no data of its own (or always, for live views). */
const STARTERS: Partial<
  Record<KnapComponentId, (deps: AppDeps, user: UserRow, stored: Data | null) => Promise<Data | null>>
> = {
  'meeting-notes': async (deps, user, stored) => ({
    meetings: (
      await meetingsService.meetingRowsWith(deps, { userId: user.id, what: 'notes', limit: 100 })
    ).map((m) => ({
      meeting_id: m.id,
      meeting_title: m.title,
      start_time: m.start_time,
    })),
    selection: stored?.selection ?? null,
  }),
  'no-roadmap-view': async (deps, user) => {
    const count = (
      await meetingsService.meetingRowsWith(deps, { userId: user.id, what: 'notes', limit: 100 })
    ).length;
    return {
      meetings_with_notes: count,
      message: count
        ? 'Pick a meeting with notes, or paste notes, to start a roadmap.'
        : 'No roadmap yet: record a meeting with the notetaker or upload a transcript, or paste notes to start.',
    };
  },
  'meeting-filters': async (_deps, _user, stored) => stored ?? NO_FILTERS,
  'meeting-table': async (deps, user, stored) => {
    if (stored) return stored;
    const filters = await storedFilters(deps, user.id);
    return { filters, rows: await coachingRows(deps, user, filters), enhanced_insights: null };
  },
  'meeting-raw-table': async (deps, user) => {
    const filters = await storedFilters(deps, user.id);
    return { filters, rows: await coachingRows(deps, user, filters) };
  },
  'data-selection': (deps, user, stored) => dataSelection(deps, user, stored),
  'client-info': async (deps, user, stored) =>
    stored ?? { clients: await clientsOf(deps, user, deps.clock.now().toISOString().slice(0, 10)) },
};

/** POST /api/studio/knap/components: the component's data for this user. */
export async function componentData(
  deps: AppDeps,
  user: UserRow,
  componentId: KnapComponentId,
): Promise<TKnapComponentReply> {
  await requireKnapOf(deps, user.id, componentId);
  const stored = await storedData(deps, user.id, componentId);
  const starter = STARTERS[componentId];
  const data = starter ? await starter(deps, user, stored) : stored;
  return { component_id: componentId, state: data ? 'ready' : 'empty', data };
}

/** Each takes its component's input as KNAP_PROCESS_INPUTS parsed it (hence `never` here). */
type Processor = (ctx: KnapContext, input: never) => Promise<{ current: Data; next: Data }>;

/** What processing each component with a next component does. */
const PROCESSORS: Record<ProcessableComponentId, Processor> = {
  'meeting-notes': buildProfile,
  'client-profile': buildGaps,
  'gap-analysis': buildPlan,
  'action-plan': buildPortfolio,
  'portfolio-recommendation': buildEmail,
  'meeting-filters': async (ctx, filters: TMeetingFilters) => ({
    current: filters,
    next: await adviseMeetings(ctx.deps, ctx.log, ctx.user, filters, ctx.meter),
  }),
  'data-selection': loadProspects,
  'review-form': rankProspects,
  'client-info': findOutreach,
  'client-card-outreach': draftOutreach,
};

/**
 * POST /api/studio/knap/components/process: runs the model over the input and stores the input
 * (as the current component's data) and the next component's data together, only on success.
 */
export async function processComponent(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  body: {
    component_id: KnapComponentId;
    input_data: unknown;
    next_step: string;
    next_component_id: KnapComponentId;
  },
): Promise<TKnapComponentReply> {
  const knap = await requireKnapOf(deps, user.id, body.component_id);
  const next = KNAP_FLOW[body.component_id];
  if (next !== body.next_component_id)
    throw new HttpError(
      422,
      next
        ? KNAP_DETAIL.wrongNextComponent(body.component_id, next, body.next_component_id)
        : KNAP_DETAIL.noNextComponent(body.component_id),
    );
  const step = knap.steps.find((s) => s.components.includes(next))!;
  if (body.next_step !== step.id) throw new HttpError(422, KNAP_DETAIL.wrongNextStep(next, step.id));
  const process = PROCESSORS[body.component_id as ProcessableComponentId];
  const input = KNAP_PROCESS_INPUTS[body.component_id]!.safeParse(body.input_data);
  if (!input.success) {
    const issue = input.error.issues[0];
    const where = issue?.path.length ? `input_data.${issue.path.join('.')}` : 'input_data';
    throw new HttpError(422, DETAIL.invalid(where, issue?.message));
  }
  const ctx: KnapContext = {
    deps,
    log,
    user,
    meter: modelMeter(user.id, `knap ${body.component_id}`),
    today: deps.clock.now().toISOString().slice(0, 10),
    stored: async <S extends z.ZodType>(componentId: string, schema: S) => {
      const data = await storedData(deps, user.id, componentId as KnapComponentId);
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new HttpError(409, KNAP_DETAIL.finishStepFirst(componentId));
      return parsed.data as z.infer<S>;
    },
  };
  const { current, next: data } = await process(ctx, input.data as never);
  // Our own output is checked too, so a stored component always reads back as its schema.
  const checked = KNAP_COMPONENT_DATA[next].parse(data);
  // What the later steps made came from the old data: they must be made again from the new.
  const stale: KnapComponentId[] = [];
  for (let later = KNAP_FLOW[next]; later; later = KNAP_FLOW[later]) stale.push(later);
  await repo.saveComponents(
    deps.db.db,
    user.id,
    [
      { componentId: body.component_id, data: current },
      { componentId: next, data: checked },
    ],
    isoNow(deps.clock),
    stale,
  );
  return { component_id: next, state: 'ready', data: checked };
}
