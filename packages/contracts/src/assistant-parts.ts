// The parts of the assistant's UI message (its type is in chats.ts, next to its metadata) and the
// helpers the server and the browser both read tool parts with. Zod-free: the web imports it on its
// first load.
import type { DynamicToolUIPart, ToolUIPart, UIMessagePart, UITools } from 'ai';

/** A todo checklist item's states, in the order the work goes. */
export const TODO_STATUSES = ['pending', 'in_progress', 'done'] as const;

/** What became of a tool call that asked for the user's approval. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'denied'] as const;

/** The stream's data parts: it carries none (checklists and previews are stored, not streamed). */
export type AssistantDataParts = Record<never, never>;

/**
 * The tools a reply may call differ per user (connections, MCP servers), so tool parts are typed by
 * name only: `tool-<name>` with an unknown input and output.
 */
export type AssistantTools = UITools;

/** A part of an assistant message: text, a tool call, a step boundary… */
export type AssistantPart = UIMessagePart<AssistantDataParts, AssistantTools>;

/** A tool call in a reply: a built-in or connection tool (`tool-<name>`) or an MCP tool. */
export type ToolPart = ToolUIPart<AssistantTools> | DynamicToolUIPart;

export const isToolPart = (part: AssistantPart): part is ToolPart =>
  part.type === 'dynamic-tool' || part.type.startsWith('tool-');

export const toolNameOf = (part: ToolPart): string =>
  part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);

/** A tool call that needs (or needed) the user's approval: it has an approval in any state. */
export const hasApproval = (part: ToolPart): boolean => part.approval !== undefined;

/**
 * Whether a stored value can be a UI part: an object with a `type`. The AI SDK checks the rest
 * when it reads the parts back (`convertToModelMessages`, useChat).
 */
export const isPartLike = (value: unknown): value is AssistantPart =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
