// Financial plans as Library items: each opens in the plan builder and deletes through the
// service (so the owner check and legal hold apply). Listed by adding it to LIBRARY_SOURCES.

import type { UserRow } from '../../../platform/db/schema.js';
import type { AppDeps } from '../../../platform/deps.js';
import { deletePlan, listPlans } from '../../financial-plans/service.js';
import type { LibrarySource } from '../library-source.js';

export const financialPlansSource: LibrarySource = {
  kind: 'plan',
  list: async (deps: AppDeps, user: UserRow) =>
    (await listPlans(deps, user.id)).map((plan) => ({
      id: plan.id,
      kind: 'plan' as const,
      title: `Financial plan for ${plan.client_name}`,
      client: plan.client_name,
      summary: `Age ${plan.client_age}, retiring at ${plan.retirement_age}`,
      created_at: plan.created_at,
      updated_at: plan.updated_at,
      open_path: `/financial-plan?plan=${encodeURIComponent(plan.id)}`,
      download_path: null,
      deletable: true,
    })),
  remove: async (deps, user, id) => {
    await deletePlan(deps, user.id, id);
    return true;
  },
};
