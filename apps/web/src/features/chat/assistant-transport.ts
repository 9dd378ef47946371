// How useChat talks to our completion endpoint: the AI SDK's HTTP transport with our request bodies
// and our authenticated fetch (bearer token, cookies, `{detail}` errors as ApiErrors).
import { ASSISTANT_PATHS, type AssistantUIMessage, type TCompletionRequest } from '@knap/contracts';
import { DefaultChatTransport } from 'ai';
import { apiFetch } from '../../lib/api-client';
import { type CompletionOptions, completionRequestOf } from './assistant-messages';

export interface AssistantTransportOptions {
  /** Told about every request as it is sent, e.g. to repeat it after a failure. */
  onRequest?: (request: TCompletionRequest) => void;
}

export function createAssistantTransport({ onRequest }: AssistantTransportOptions = {}) {
  return new DefaultChatTransport<AssistantUIMessage>({
    api: ASSISTANT_PATHS.completion,
    fetch: (input, init) =>
      apiFetch(String(input), { ...init, headers: init?.headers as Record<string, string> | undefined }),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body: options }) => {
      const body = completionRequestOf({
        chatId: id,
        messages,
        trigger,
        messageId,
        options: options as CompletionOptions | undefined,
      });
      onRequest?.(body);
      return { body };
    },
  });
}
