import { ADMIN_PATHS, ZMember, ZMembersQuery, ZRoleChange } from '@knap/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf } from '../../platform/auth.js';
import * as admin from './service.js';

/** Organization admins' API; 404 for everyone who is not one. */
export async function adminRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.requireUser);
  app.get(
    ADMIN_PATHS.members,
    { schema: { querystring: ZMembersQuery, response: { 200: z.array(ZMember) } } },
    (req) => admin.listMembers(deps, authOf(req).user, req.query.q),
  );
  app.put(
    '/api/admin/members/:userId/role',
    {
      schema: {
        params: z.object({ userId: z.string().min(1).max(100) }),
        body: ZRoleChange,
        response: { 200: ZMember },
      },
    },
    (req) => admin.changeRole(deps, authOf(req).user, req.params.userId, req.body.role),
  );
}
