import { describe, expect, it } from 'vitest';
import { type AssistantPart, isToolPart, toolNameOf } from './assistant-parts.js';
import { ZReplyMetadata } from './chats.js';

const builtIn: AssistantPart = {
  type: 'tool-send_email',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: { to: 'anna@example.com' },
  approval: { id: 'approval-1' },
};
const mcp: AssistantPart = {
  type: 'dynamic-tool',
  toolName: 'crm.lookup',
  toolCallId: 'call-2',
  state: 'output-available',
  input: {},
  output: { found: 1 },
};

describe('tool parts', () => {
  it('names built-in and MCP tools, and tells tool calls from other parts', () => {
    const parts: AssistantPart[] = [{ type: 'step-start' }, builtIn, { type: 'text', text: 'Hi' }, mcp];
    const tools = parts.filter(isToolPart);
    expect(tools.map(toolNameOf)).toEqual(['send_email', 'crm.lookup']);
  });
});

describe('ZReplyMetadata', () => {
  const reply = {
    append_mode: 'checkpoint',
    runs: 2,
    parts: [{ type: 'step-start' }, builtIn],
    approvals: [
      { tool_call_uuid: 'call-1', tool: 'send_email', input: { to: 'a' }, credit_cost: 1, status: 'pending' },
    ],
    email_review: { id: 'r1' },
  };

  it('reads what the server stores and keeps keys it does not name', () => {
    expect(ZReplyMetadata.parse(reply)).toEqual(reply);
  });

  it('refuses a part without a type, an unknown approval status and a todo in no known state', () => {
    expect(ZReplyMetadata.safeParse({ parts: [{ text: 'no type' }] }).success).toBe(false);
    expect(
      ZReplyMetadata.safeParse({ approvals: [{ ...reply.approvals[0], status: 'maybe' }] }).success,
    ).toBe(false);
    expect(ZReplyMetadata.safeParse({ todos: [{ text: 'Call Ann', status: 'later' }] }).success).toBe(false);
  });
});
