// Documents in the conversation (issue 26): the passages that answer the latest message, searched in
// every document attached in the chat so far, go to the model in that message's turn with the link
// each is cited by (`/documents/<id>?at=<passage>`, the document view at that place).
import type { AssistantUIMessage } from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import * as documents from '../documents/service.js';
import { type ContextPassage, documentContext } from './prompts.js';

/** Ids of the documents the chat's user messages attach, first attached first. */
export const attachedDocumentIds = (messages: AssistantUIMessage[]): string[] => [
  ...new Set(
    messages.flatMap((m) => (m.role === 'user' ? (m.metadata?.documents ?? []).map((d) => d.id) : [])),
  ),
];

/**
 * The conversation as the model gets it: when documents are attached in the chat, the latest
 * user message carries the passages found for it (the stored message stays as the user wrote it).
 * Each document read this way is in the audit trail.
 */
export async function withDocumentPassages(
  deps: AppDeps,
  { userId, chatId, messages }: { userId: string; chatId: string; messages: AssistantUIMessage[] },
): Promise<AssistantUIMessage[]> {
  const documentIds = attachedDocumentIds(messages);
  const at = messages.findLastIndex((m) => m.role === 'user');
  if (documentIds.length === 0 || at < 0) return messages;
  const asked = messages[at]!;
  const question = asked.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  const found = await documents.passagesForQuestion(deps, { userId, documentIds, question });
  const passages: ContextPassage[] = found.passages.map((p) => ({
    cite: documents.passageCitation(p),
    content: p.content,
  }));
  await documents.recordPassageReads(deps, {
    userId,
    passages: found.passages,
    as: 'chat',
    details: { chat_id: chatId },
  });
  const context = documentContext(
    passages,
    found.withoutText.map((d) => documents.citedName(d.filename)),
  );
  const withContext: AssistantUIMessage = {
    ...asked,
    parts: [...asked.parts, { type: 'text', text: context }],
  };
  return messages.map((m, i) => (i === at ? withContext : m));
}
