import { z } from 'zod';
import { MESSAGE_CONTENT_MAX } from './constants.js';
import { MESSAGE_DOCUMENTS_MAX } from './document-rules.js';

/**
 * Starts or continues an assistant reply. With `message`, the user's message is stored first and
 * answered (with `edit_of` too, as a new version of that earlier message of the user's: it and what
 * followed it are kept as the earlier version); with `retry`, a failed or interrupted last reply is
 * replaced by a new one; with `regenerate`, the latest finished reply gets a new version (the
 * earlier one is kept); with `resume`, a stopped last reply is followed by a reply that continues
 * it; with none of them, the run continues after tool approvals were decided.
 */
export const ZCompletionRequest = z.object({
  chat_id: z.string().min(1).max(100),
  retry: z.boolean().optional(),
  regenerate: z.boolean().optional(),
  resume: z.boolean().optional(),
  edit_of: z.string().min(1).max(100).optional(),
  message: z
    .object({
      content: z
        .string()
        .trim()
        .min(1, 'Message cannot be empty')
        .max(MESSAGE_CONTENT_MAX, `Message must be at most ${MESSAGE_CONTENT_MAX} characters`),
      /** The user's documents attached to this message (issue 26): their passages answer it. */
      document_ids: z.array(z.string().min(1).max(100)).max(MESSAGE_DOCUMENTS_MAX).optional(),
    })
    .optional(),
});
export type TCompletionRequest = z.infer<typeof ZCompletionRequest>;

/**
 * SPEC §3 tool-approval request. `input`, with an approval of a tool whose approval names
 * `editable_fields`, is the user's edit of those fields: what is approved and runs.
 */
export const ZToolApprovalRequest = z.object({
  chat_id: z.string().min(1).max(100),
  message_id: z.string().min(1).max(100),
  tool_call_uuid: z.string().min(1).max(200),
  approve: z.boolean(),
  input: z.record(z.string().max(100), z.unknown()).optional(),
});
export type TToolApprovalRequest = z.infer<typeof ZToolApprovalRequest>;

export const ZToolApprovalResponse = z.object({
  tool_call_uuid: z.string(),
  status: z.enum(['approved', 'denied']),
});
export type TToolApprovalResponse = z.infer<typeof ZToolApprovalResponse>;

export const ZSuggestionsRequest = z.object({
  tool_types: z
    .array(
      z.object({ tool_type: z.string().min(1).max(100), tool_description: z.string().max(1000).default('') }),
    )
    .max(30),
});
export type TSuggestionsRequest = z.infer<typeof ZSuggestionsRequest>;

export const ZSuggestionsResponse = z.object({ suggestions: z.array(z.object({ content: z.string() })) });
export type TSuggestionsResponse = z.infer<typeof ZSuggestionsResponse>;

export const ZCreditsUsage = z.object({
  balance: z.number().int(),
  credits_used: z.number().int(),
  max_credits: z.number().int(),
});
export type TCreditsUsage = z.infer<typeof ZCreditsUsage>;

export const CREDITS_CHANGE_MAX = 1_000_000;

export const ZCreditsChangeRequest = z.object({
  user_uuid: z.string().min(1).max(100),
  num_credits: z
    .number()
    .int('num_credits must be a whole number')
    .positive('num_credits must be positive')
    .max(CREDITS_CHANGE_MAX, `num_credits must be at most ${CREDITS_CHANGE_MAX}`),
  reason: z.string().trim().min(1).max(500).default('manual adjustment'),
});
export type TCreditsChangeRequest = z.infer<typeof ZCreditsChangeRequest>;

export const ZStopCompletionRequest = z.object({ chat_id: z.string().min(1).max(100) });
export const ZStopCompletionResponse = z.object({ stopped: z.boolean() });
