// Helpers for tests that talk to the assistant through the real API.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Call = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** The newest message of a chat, as the API answers it. */
export async function lastMessage(call: Call, chatId: string) {
  return (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages.at(-1);
}

/** Sends a message in a chat through the completion route; answers once the reply is stored. */
export function sendMessage(call: Call, chatId: string, content: string) {
  return call({
    method: 'POST',
    url: '/api/chat/completion',
    payload: { chat_id: chatId, message: { content } },
  });
}

/** Approves or denies the first approval request of a stored reply. */
export function decideApproval(
  call: Call,
  chatId: string,
  reply: { id: string; metadata: { approvals: Array<{ tool_call_uuid: string }> } },
  approve: boolean,
) {
  return call({
    method: 'POST',
    url: '/api/chat/tool-approval',
    payload: {
      chat_id: chatId,
      message_id: reply.id,
      tool_call_uuid: reply.metadata.approvals[0]!.tool_call_uuid,
      approve,
    },
  });
}
