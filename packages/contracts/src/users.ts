import { z } from 'zod';
import { NAME_MAX_LENGTH, PRODUCT } from './constants.js';

/** The `detail` texts of a user's own record and settings. */
export const USER_DETAIL = {
  noProfileImage: 'No profile image',
  /** The zone as sent, cut short: it is the user's text. */
  invalidTimezone: (zone: string) => `Invalid timezone: ${zone.slice(0, 64)}`,
} as const;

export const ZOrganization = z.object({ id: z.string(), org_name: z.string() });
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZUser = z.object({
  id: z.string(),
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  profile_image_url: z.string().nullable(),
  provider: z.string().nullable(),
  /** The address is proven (a mailed link, or an identity provider that says so). */
  email_verified: z.boolean(),
  organizations: z.array(ZOrganization),
  sharing_permission: z.number().int(),
  last_seen: z.string().nullable(),
  created_at: z.string(),
  [`${PRODUCT}_integration_uuid`]: z.string(),
  timezone: z.string().nullable(),
  is_beta_tester: z.boolean(),
  auto_delete_chats: z.boolean(),
  /** Derived from organization membership by the configured priority list (SPEC §4). */
  account_label: z.string(),
  /** Member of the first-party organization: sees technical error messages. */
  is_first_party: z.boolean(),
  /** Admin of one of their organizations: the account menu offers the admin console. */
  is_org_admin: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserInfo = ZUser.pick({
  id: true,
  uuid: true,
  email: true,
  name: true,
  profile_image_url: true,
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZOrganizationsResponse = z.array(ZOrganization);

export const ZSharingPermissionRequest = z.object({ sharing_permission: z.number().int().min(0).max(10) });
export type TSharingPermissionRequest = z.infer<typeof ZSharingPermissionRequest>;

export const ZTimezoneRequest = z.object({ timezone: z.string().min(1).max(64) });
export type TTimezoneRequest = z.infer<typeof ZTimezoneRequest>;

export const ZNameRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
});
export type TNameRequest = z.infer<typeof ZNameRequest>;

export const ZAutoDeleteChatsRequest = z.object({ auto_delete_chats: z.boolean() });
export type TAutoDeleteChatsRequest = z.infer<typeof ZAutoDeleteChatsRequest>;

export const ORG_ROLES = ['admin', 'member'] as const;
export const ZMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  organization_id: z.string(),
  org_name: z.string(),
  role: z.enum(ORG_ROLES),
  last_seen: z.string().nullable(),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMembersQuery = z.object({ q: z.string().trim().max(200).default('') });
export const ZRoleChange = z.object({ role: z.enum(ORG_ROLES) });
