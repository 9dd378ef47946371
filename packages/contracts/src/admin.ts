// Organization admins' screens (issue 12): members with their plan, credits and knaps, knap grants
// and requests, credit adjustments, the organization's account label, weekly usage, the audit
// export and the audited read-only view of a member's chat.
import { z } from 'zod';
import { ZPlanTier } from './billing.js';
import { ZChatSummary, ZMessage } from './chats.js';
import {
  ACCOUNT_LABEL_CHOICES,
  ADMIN_CREDIT_ADJUST_MAX,
  ADMIN_USAGE_WEEKS_MAX,
  EMAIL_MAX_LENGTH,
} from './constants.js';
import { ZKnapName } from './knaps.js';
import { ORG_ROLES, ZMember } from './users.js';

/** The `detail` texts of organization administration: members, invitations, claimed domains. */
export const ADMIN_DETAIL = {
  lastAdmin: 'An organization needs at least one admin: promote someone else first',
  invitationNotFound: 'This invitation is invalid, expired or was already used',
  invitationForOther: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  alreadyMember: 'They are already a member of this organization',
  domainNotClaimable:
    'Only a verified address on your own company domain can claim it (not a webmail domain)',
  domainTaken: 'Another organization has already claimed this domain',
} as const;

export const ZAdminMember = ZMember.extend({
  plan: ZPlanTier,
  /** The member's credit balance now. */
  credits: z.number(),
  knaps: z.array(ZKnapName),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

/** A credit change by an admin: the reason is kept in the member's ledger and the audit trail. */
export const ZAdminCreditChange = z.object({
  delta: z
    .number()
    .int('Credits are whole numbers')
    .min(-ADMIN_CREDIT_ADJUST_MAX, `At most ${ADMIN_CREDIT_ADJUST_MAX} credits at a time`)
    .max(ADMIN_CREDIT_ADJUST_MAX, `At most ${ADMIN_CREDIT_ADJUST_MAX} credits at a time`)
    .refine((n) => n !== 0, 'Add or remove at least one credit'),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in a few words')
    .max(200, 'Keep the reason under 200 characters'),
});
export type TAdminCreditChange = z.infer<typeof ZAdminCreditChange>;

export const ZAdminKnapParams = z.object({ userId: z.string().min(1).max(100), knap: ZKnapName });

export const ZAdminOrganization = z.object({
  organization_id: z.string(),
  org_name: z.string(),
  /** Set by an admin; null follows the instance's rules (SPEC §4). */
  account_label: z.string().nullable(),
  /** The label members get now. */
  effective_label: z.string(),
  choices: z.array(z.string()),
  /** The email domain this organization claimed (verified addresses on it may join), or null. */
  domain: z.string().nullable(),
  /** Verified addresses on `domain` join as members by themselves. */
  auto_join: z.boolean(),
  /** The domain this admin may claim: their own verified address's, unless it is webmail. */
  claimable_domain: z.string().nullable(),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;
export const ZDomainChange = z.object({ auto_join: z.boolean() });
export type TDomainChange = z.infer<typeof ZDomainChange>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZCreateInvitation = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .pipe(z.email('Enter a valid email address'))
    .transform((v) => v.toLowerCase()),
  role: z.enum(ORG_ROLES).default('member'),
});
export type TCreateInvitation = z.infer<typeof ZCreateInvitation>;

/** What the invited user sees before joining. */
export const ZInvitationPreview = z.object({
  org_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZAccountLabelChange = z.object({ account_label: z.enum(ACCOUNT_LABEL_CHOICES).nullable() });

export const ZUsageQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(ADMIN_USAGE_WEEKS_MAX).default(12),
});
export const ZUsageWeek = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  week_start: z.string(),
  chats: z.number().int(),
  completions: z.number().int(),
  tool_calls: z.number().int(),
  credits: z.number(),
});
export type TUsageWeek = z.infer<typeof ZUsageWeek>;
/**
 * The members' thumbs up and down on assistant replies over the period, and the newest notes: who
 * wrote them and when, never the replies they were about.
 */
export const ZFeedbackSummary = z.object({
  up: z.number().int(),
  down: z.number().int(),
  notes: z.array(
    z.object({
      rating: z.enum(['up', 'down']),
      note: z.string(),
      member: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export type TFeedbackSummary = z.infer<typeof ZFeedbackSummary>;
/** How many of the newest feedback notes the usage view lists. */
export const FEEDBACK_NOTES_SHOWN = 20;
export const ZUsageResponse = z.object({ weeks: z.array(ZUsageWeek), feedback: ZFeedbackSummary });
export type TUsageResponse = z.infer<typeof ZUsageResponse>;

export const ZAuditExportQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    user_id: z.string().min(1).max(100).optional(),
    format: z.enum(['jsonl', 'csv']).default('jsonl'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to' });

export const ZAdminChatSummary = ZChatSummary.pick({
  id: true,
  title: true,
  created_at: true,
  updated_at: true,
  message_count: true,
});
export type TAdminChatSummary = z.infer<typeof ZAdminChatSummary>;

export const ZAdminApproval = z.object({
  id: z.string(),
  tool_name: z.string(),
  status: z.enum(['pending', 'approved', 'denied']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export const ZAdminChat = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: z.object({ user_id: z.string(), name: z.string(), email: z.string() }),
  messages: z.array(ZMessage),
  approvals: z.array(ZAdminApproval),
});
export type TAdminChat = z.infer<typeof ZAdminChat>;
