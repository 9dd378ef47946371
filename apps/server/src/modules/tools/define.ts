// The shape of a tool: one file each, with a zod input schema, a description, whether it needs the
// user's approval, its credit cost, and an execute function given the user's context.
import type { TChangePreview, TTodoItem } from '@knap/contracts';
import { type FlexibleSchema, type Tool, zodSchema } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';

export interface ToolContext {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  user: UserRow;
  chatId: string;
  /** Called by the todo-list tool with the whole list each time it changes. */
  onTodos(items: TTodoItem[]): Promise<void>;
  /** Called after a tool ran successfully (credits for tools with a cost are charged from here). */
  onToolExecuted?(def: ToolDefinition, toolCallId: string): Promise<void>;
  /**
   * What the run's tools hold open and end when the run is over (the MCP sessions), added by the
   * tools while they are assembled; `endToolRun` runs them.
   */
  cleanups?: Array<() => Promise<void>>;
}

/** What the model is given for a tool's result (the AI SDK's tool result output). */
export type ToolModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

export interface ToolDefinition<I = unknown> {
  name: string;
  description: string;
  /** A zod schema (built-in tools) or a JSON schema (tools an MCP server lists). */
  inputSchema: FlexibleSchema<I>;
  needsApproval: boolean;
  /** Credits charged when the tool runs (shown on its approval card). */
  creditCost: number;
  /** One line describing the result, kept in message metadata as the step's resultSummary. */
  summarize(output: unknown): string;
  execute(input: I, ctx: ToolContext): Promise<unknown>;
  /** How the result is given to the model, when not as JSON (an MCP tool's images are image parts). */
  toModelOutput?(output: unknown): ToolModelOutput;
  /**
   * For tools that need approval: what will change, looked up (read-only) when the approval is
   * requested. Without it the card shows the tool's arguments.
   */
  preview?(input: I, ctx: ToolContext): Promise<TChangePreview>;
  /**
   * For tools that need approval: the input fields the user may change on the approval card (an
   * email's to, subject and body). The edited input is checked by `parseInput` and is what runs.
   */
  editableFields?: readonly string[];
  /** Checks an input against the tool's schema (built-in tools). */
  parseInput?(value: unknown): z.ZodSafeParseResult<I>;
  /** Where it comes from when not built in: the connection type, or the MCP server's description. */
  origin?: { source: 'connection' | 'mcp'; name: string };
  /**
   * For an MCP server's tool: which server and which of its tools. The model's name for it can
   * change from reply to reply (nameMcpTools), so an approval is held to this, not to the name.
   */
  mcpTool?: McpToolRef;
}

/** One MCP server's tool, by the server's id and the tool's own name. */
export interface McpToolRef {
  serverId: string;
  tool: string;
}

/**
 * A built-in tool, typed by its zod input schema. The schema is wrapped once here: the wrapper
 * turns it into the JSON schema sent to the model the first time and keeps it, where a bare zod
 * schema would be converted again on every reply (milliseconds before the model is called).
 */
export const defineTool = <S extends z.ZodType>(
  def: Omit<ToolDefinition<z.infer<S>>, 'inputSchema'> & { inputSchema: S },
): ToolDefinition =>
  ({
    ...def,
    inputSchema: zodSchema(def.inputSchema),
    parseInput: (value: unknown) => def.inputSchema.safeParse(value),
  }) as unknown as ToolDefinition;
