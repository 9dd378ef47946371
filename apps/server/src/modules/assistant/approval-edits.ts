// An approval the user edited first (an email's to, subject and body): the edit is checked against
// the tool's input schema, recorded as what was approved, and written into the reply's stored
// parts, so the continued run executes exactly the edited input (`applyDecisions` compares it with
// the approval's digest as for any approval).
import { DETAIL, type ToolPart, type TReplyMetadata } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { digestJson } from '../../platform/crypto.js';
import type { ToolApprovalsTable, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/service.js';
import * as chats from '../chats/service.js';
import { editableTool, type ToolDefinition } from '../tools/registry.js';
import { metadataOf, toolPartsOf } from './reply-metadata.js';

/** The edited input, whole and valid; 422 when the tool or a field may not be edited, or it fails its schema. */
export function editedInput(
  approval: ToolApprovalsTable,
  edits: Record<string, unknown>,
): { def: ToolDefinition; input: Record<string, unknown> } {
  const def = editableTool(approval.tool_name);
  if (!def?.parseInput) throw new HttpError(422, DETAIL.approvalNotEditable);
  for (const key of Object.keys(edits))
    if (!def.editableFields!.includes(key))
      throw new HttpError(422, DETAIL.invalid(`body.input.${key}`, DETAIL.approvalFieldNotEditable));
  const original = JSON.parse(approval.input) as Record<string, unknown>;
  const parsed = def.parseInput({ ...original, ...edits });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(422, DETAIL.invalid(`body.input.${issue?.path.join('.') ?? ''}`, issue?.message));
  }
  return { def, input: parsed.data as Record<string, unknown> };
}

/**
 * Writes the approved edit into the reply: the tool part's input, and the approval's input and
 * change preview (looked up again for the new input), marked edited. Audited with the arguments
 * the user approved.
 */
export async function storeApprovedEdit(
  deps: AppDeps,
  {
    user,
    approval,
    def,
    input,
    log,
  }: {
    user: UserRow;
    approval: ToolApprovalsTable;
    def: ToolDefinition;
    input: Record<string, unknown>;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const row = (await chats.messageRows(deps, approval.chat_id)).find((r) => r.id === approval.message_id);
  if (!row) throw notFound(DETAIL.approvalNotFound);
  const meta: TReplyMetadata = metadataOf(row);
  for (const part of toolPartsOf(meta.parts ?? []))
    if (part.toolCallId === approval.tool_call_id) (part as ToolPart & { input: unknown }).input = input;
  const ctx = { deps, log, user, chatId: approval.chat_id, onTodos: async () => {} };
  const preview = def.preview ? await def.preview(input, ctx).catch(() => undefined) : undefined;
  meta.approvals = (meta.approvals ?? []).map((a) =>
    a.tool_call_uuid === approval.tool_call_id
      ? { ...a, input, edited: true, ...(preview ? { preview } : {}) }
      : a,
  );
  await chats.saveMessage(deps, user.id, approval.chat_id, row.id, {
    content: row.content,
    metadata: meta,
    // Never streaming here: decideToolApproval refuses an edit while a reply is being written.
    state: row.state as 'failed' | 'interrupted' | null,
  });
  const original = JSON.parse(approval.input) as Record<string, unknown>;
  await recordAudit(deps, {
    action: 'approval.edited',
    userId: user.id,
    target: approval.tool_name,
    details: {
      approval: approval.id,
      chat_id: approval.chat_id,
      tool_call_id: approval.tool_call_id,
      changed: Object.keys(input).filter((key) => digestJson(input[key]) !== digestJson(original[key])),
      // What the user approved, as they approved it: it is what runs.
      arguments: input,
    },
  });
}
