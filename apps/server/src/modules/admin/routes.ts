import {
  ADMIN_PATHS,
  ZAccountLabelChange,
  ZAdminChat,
  ZAdminChatSummary,
  ZAdminCreditChange,
  ZAdminKnapParams,
  ZAdminMember,
  ZAdminOrganization,
  ZAuditExportQuery,
  ZCreateInvitation,
  ZDomainChange,
  ZInvitation,
  ZKnapDecision,
  ZKnapRequest,
  ZKnapRequestsQuery,
  ZMembersQuery,
  ZRoleChange,
  ZSuccessResponse,
  ZUsageQuery,
  ZUsageResponse,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { sendAuditExport } from '../audit/routes.js';
import * as admin from './service.js';

const ZUserParams = z.object({ userId: z.string().min(1).max(100) });
const ZIdParams = z.object({ id: z.string().min(1).max(100) });

/** Organization admins' API; 404 for everyone who is not one. */
export async function adminRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    ADMIN_PATHS.members,
    { schema: { querystring: ZMembersQuery, response: { 200: z.array(ZAdminMember) } } },
    (req) => admin.listMembers(deps, authOf(req).user, req.query.q),
  );
  app.put(
    '/api/admin/members/:userId/role',
    { schema: { params: ZUserParams, body: ZRoleChange, response: { 200: ZAdminMember } } },
    (req) => admin.changeRole(deps, authOf(req).user, req.params.userId, req.body.role),
  );
  for (const [method, grant] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: '/api/admin/members/:userId/knaps/:knap',
      schema: { params: ZAdminKnapParams, response: { 200: ZAdminMember } },
      handler: (req) =>
        admin.setMemberKnap(deps, authOf(req).user, req.params.userId, req.params.knap, grant),
    });
  app.post(
    '/api/admin/members/:userId/credits',
    { schema: { params: ZUserParams, body: ZAdminCreditChange, response: { 200: ZAdminMember } } },
    (req) => admin.changeMemberCredits(deps, authOf(req).user, req.params.userId, req.body),
  );
  app.get(
    '/api/admin/members/:userId/chats',
    { schema: { params: ZUserParams, response: { 200: z.array(ZAdminChatSummary) } } },
    (req) => admin.memberChats(deps, authOf(req).user, req.params.userId),
  );
  app.get(
    ADMIN_PATHS.knapRequests,
    { schema: { querystring: ZKnapRequestsQuery, response: { 200: z.array(ZKnapRequest) } } },
    (req) => admin.knapRequests(deps, authOf(req).user, req.query.status),
  );
  app.post(
    '/api/admin/knap-requests/:id/decision',
    { schema: { params: ZIdParams, body: ZKnapDecision, response: { 200: ZKnapRequest } } },
    (req) => admin.decideKnapRequest(deps, authOf(req).user, req.params.id, req.body.status),
  );
  app.get(ADMIN_PATHS.organization, { schema: { response: { 200: ZAdminOrganization } } }, (req) =>
    admin.getOrganization(deps, authOf(req).user),
  );
  app.put(
    ADMIN_PATHS.organization,
    { schema: { body: ZAccountLabelChange, response: { 200: ZAdminOrganization } } },
    (req) => admin.setOrganizationLabel(deps, authOf(req).user, req.body.account_label),
  );
  app.put(
    ADMIN_PATHS.domain,
    { schema: { body: ZDomainChange, response: { 200: ZAdminOrganization } } },
    (req) => admin.setDomain(deps, authOf(req).user, req.body.auto_join),
  );
  app.delete(ADMIN_PATHS.domain, { schema: { response: { 200: ZAdminOrganization } } }, (req) =>
    admin.releaseDomain(deps, authOf(req).user),
  );
  app.get(ADMIN_PATHS.invitations, { schema: { response: { 200: z.array(ZInvitation) } } }, (req) =>
    admin.listInvitations(deps, authOf(req).user),
  );
  app.post(
    ADMIN_PATHS.invitations,
    { schema: { body: ZCreateInvitation, response: { 200: ZInvitation } } },
    (req) => admin.invite(deps, authOf(req).user, req.body, req.log),
  );
  app.delete(
    '/api/admin/invitations/:id',
    { schema: { params: ZIdParams, response: { 200: ZSuccessResponse } } },
    (req) => admin.revokeInvitation(deps, authOf(req).user, req.params.id),
  );
  app.get(
    ADMIN_PATHS.usage,
    { schema: { querystring: ZUsageQuery, response: { 200: ZUsageResponse } } },
    (req) => admin.usage(deps, authOf(req).user, req.query.weeks),
  );
  app.get(ADMIN_PATHS.audit, { schema: { querystring: ZAuditExportQuery } }, async (req, reply) =>
    sendAuditExport(
      deps,
      reply,
      req.query,
      await admin.auditScope(deps, authOf(req).user, req.query.user_id),
    ),
  );
  app.get('/api/admin/chats/:id', { schema: { params: ZIdParams, response: { 200: ZAdminChat } } }, (req) =>
    admin.viewChat(deps, authOf(req).user, req.params.id),
  );
}
