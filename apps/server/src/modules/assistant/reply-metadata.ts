// What a reply's stored metadata says (ZReplyMetadata): read from a row, written from the reply's
// UI parts, and the conversation the model sees rebuilt from stored rows.
import {
  type AssistantPart,
  type AssistantUIMessage,
  DETAIL,
  isToolPart,
  type TChangePreview,
  type ToolPart,
  type TReplyApproval,
  type TReplyMetadata,
  type TToolStep,
  toolNameOf,
  ZReplyMetadata,
} from '@knap/contracts';
import type { MessageRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { ToolDefinition } from '../tools/registry.js';
import { RESUME_REQUEST } from './prompts.js';

/** A stored row's metadata, checked against the contract (a row without any has none). */
export const metadataOf = (row: MessageRow): TReplyMetadata =>
  parseStored(ZReplyMetadata, row.metadata, 'messages.metadata') ?? {};

export const toolPartsOf = (parts: readonly AssistantPart[]) => parts.filter(isToolPart);

/** A reply's text: its text parts, trimmed, a blank line apart. */
export const replyTextOf = (parts: readonly AssistantPart[]) =>
  parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text.trim())
    .filter(Boolean)
    .join('\n\n');

/**
 * Rebuilds the conversation the model sees from stored rows: earlier versions and what followed
 * them are not part of it, todo checklists are display only, and a reply that continues a stopped
 * one follows the request to continue.
 */
export function toUIMessages(rows: MessageRow[]): AssistantUIMessage[] {
  const out: AssistantUIMessage[] = [];
  for (const row of rows) {
    if (row.superseded_by) continue;
    const meta = metadataOf(row);
    if (meta.message_type === 'todo_progress') continue;
    if (meta.resumes)
      out.push({ id: `${row.id}-resume`, role: 'user', parts: [{ type: 'text', text: RESUME_REQUEST }] });
    if (row.role === 'user') {
      out.push({
        id: row.id,
        role: 'user',
        parts: [{ type: 'text', text: row.content }],
        ...(meta.documents ? { metadata: { documents: meta.documents } } : {}),
      });
    } else {
      const parts = meta.parts ?? (row.content ? [{ type: 'text' as const, text: row.content }] : []);
      if (parts.length) out.push({ id: row.id, role: 'assistant', parts });
    }
  }
  return out;
}

/** The tools a reply has at hand, by name. */
export type ToolsByName = ReadonlyMap<string, ToolDefinition>;

function stepsOf(parts: readonly AssistantPart[], defs: ToolsByName): TToolStep[] {
  return toolPartsOf(parts).map((part) => {
    const tool = toolNameOf(part);
    switch (part.state) {
      case 'output-available':
        return { tool, resultSummary: safeSummary(defs.get(tool), part.output) };
      case 'output-denied':
        return { tool, resultSummary: 'Denied by the user' };
      case 'output-error':
        return { tool, resultSummary: `Failed: ${part.errorText ?? 'error'}` };
      case 'approval-requested':
      case 'approval-responded':
        return { tool, resultSummary: 'Waiting for approval' };
      default:
        return { tool, resultSummary: 'Running' };
    }
  });
}

function safeSummary(def: ToolDefinition | undefined, output: unknown): string {
  try {
    return def ? def.summarize(output) : 'Done';
  } catch {
    return 'Done';
  }
}

const approvalStatusOf = (part: ToolPart): TReplyApproval['status'] =>
  part.state === 'approval-requested' ? 'pending' : part.state === 'output-denied' ? 'denied' : 'approved';

function approvalsOf(
  parts: readonly AssistantPart[],
  defs: ToolsByName,
  previews: ReadonlyMap<string, TChangePreview>,
  edits: ReadonlyMap<string, boolean>,
): TReplyApproval[] {
  return toolPartsOf(parts)
    .filter((p) => p.approval)
    .map((p) => {
      const def = defs.get(toolNameOf(p));
      const edited = edits.get(p.toolCallId);
      return {
        tool_call_uuid: p.toolCallId,
        tool: toolNameOf(p),
        input: p.input,
        credit_cost: def?.creditCost ?? 0,
        status: approvalStatusOf(p),
        ...(previews.has(p.toolCallId) ? { preview: previews.get(p.toolCallId) } : {}),
        ...(def?.editableFields?.length ? { editable_fields: [...def.editableFields] } : {}),
        ...(edited ? { edited } : {}),
      };
    });
}

/** The metadata a reply is stored with, from its parts so far. */
export function replyMetadata({
  parts,
  run,
  defs,
  previews,
  failed,
  edits,
  stopped = false,
  resumes,
}: {
  parts: AssistantPart[];
  run: number;
  defs: ToolsByName;
  /** Change previews by tool call, looked up when approval was asked. */
  previews: ReadonlyMap<string, TChangePreview>;
  failed: boolean;
  /** The approvals whose input the user edited, by tool call. */
  edits?: ReadonlyMap<string, boolean>;
  /** The user stopped it. */
  stopped?: boolean;
  /** The stopped reply it continues. */
  resumes?: string | undefined;
}): TReplyMetadata {
  const steps = stepsOf(parts, defs);
  const approvals = approvalsOf(parts, defs, previews, edits ?? new Map());
  return {
    parts,
    runs: run,
    append_mode: 'checkpoint',
    // Steps only: a reply that used tools is still a reply. `tool_updates` marks separate
    // tool-output messages, which SPEC §4 moves to the end of the thread.
    ...(steps.length ? { steps } : {}),
    ...(approvals.length ? { approvals } : {}),
    ...(failed ? { error: DETAIL.modelFailed } : {}),
    ...(stopped ? { stopped: true } : {}),
    ...(resumes ? { resumes } : {}),
  };
}
