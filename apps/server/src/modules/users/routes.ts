import {
  INVITATION_PATHS,
  USER_PATHS,
  ZAutoDeleteChatsRequest,
  ZEmailTokenRequest,
  ZInvitationPreview,
  ZNameRequest,
  ZOrganization,
  ZOrganizationsResponse,
  ZSharingPermissionRequest,
  ZTimezoneRequest,
  ZUser,
  ZUserInfo,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as users from './service.js';

export async function userRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(USER_PATHS.me, { schema: { response: { 200: ZUser } } }, (req) =>
    users.getProfile(deps, authOf(req).user),
  );

  app.get(USER_PATHS.organizations, { schema: { response: { 200: ZOrganizationsResponse } } }, (req) =>
    users.listOrganizations(deps, authOf(req).user.id),
  );

  app.put(USER_PATHS.sharingPermission, { schema: { body: ZSharingPermissionRequest } }, (req) =>
    users.updateSharingPermission(deps, authOf(req).user.id, req.body.sharing_permission),
  );

  app.put(USER_PATHS.timezone, { schema: { body: ZTimezoneRequest } }, (req) =>
    users.updateTimezone(deps, authOf(req).user.id, req.body.timezone),
  );

  app.put(USER_PATHS.name, { schema: { body: ZNameRequest } }, (req) =>
    users.updateName(deps, authOf(req).user.id, req.body.name),
  );

  app.put(USER_PATHS.autoDeleteChats, { schema: { body: ZAutoDeleteChatsRequest } }, (req) =>
    users.updateAutoDeleteChats(deps, authOf(req).user.id, req.body.auto_delete_chats),
  );

  // The invited user's side of an invitation (organizations/service.ts), signed in as that address.
  app.post(
    INVITATION_PATHS.preview,
    { schema: { body: ZEmailTokenRequest, response: { 200: ZInvitationPreview } } },
    (req) => users.previewInvitation(deps, authOf(req).user, req.body.token),
  );
  app.post(
    INVITATION_PATHS.accept,
    {
      schema: {
        body: ZEmailTokenRequest,
        response: {
          200: z.object({
            organization_id: z.string(),
            org_name: z.string(),
            organizations: z.array(ZOrganization),
          }),
        },
      },
    },
    (req) => users.acceptInvitation(deps, authOf(req).user, req.body.token),
  );
  // Served as bytes the browser turns into a data URL (SPEC §3's cache); no-store, since a shared
  // browser's next user would otherwise be shown this one's picture from the HTTP cache.
  app.get(USER_PATHS.profileImage, async (req, reply) => {
    const image = await users.getProfileImage(deps, authOf(req).user, req.log);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });

  app.get(
    '/api/users/info',
    {
      schema: { querystring: z.object({ id: z.string().max(100).optional() }), response: { 200: ZUserInfo } },
    },
    (req) => users.getUserInfo(authOf(req).user, req.query.id ?? authOf(req).user.id),
  );

  app.get(
    '/api/users/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: ZUserInfo } } },
    (req) => users.getUserInfo(authOf(req).user, req.params.id),
  );
}
