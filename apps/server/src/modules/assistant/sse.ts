// The client's side of a reply: the UI-message stream as server-sent events on the socket.
import type { ServerResponse } from 'node:http';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';

export interface UIMessageStreamWriter {
  /** Sends one chunk, unless the client went away. */
  write(chunk: UIMessageChunk): void;
  /**
   * Ends the stream: `last` first when the stream did not send a chunk of its kind (an `abort` or
   * `error` the model's stream left out when it was cut), then `[DONE]`.
   */
  end(last?: UIMessageChunk): void;
}

/**
 * Writes a UI message stream to the response as server-sent events, in the AI SDK's format and
 * headers (what its pipeUIMessageStreamToResponse sends: `data: {chunk}` events, then
 * `data: [DONE]`), straight to the socket, called chunk by chunk from the loop that also stores
 * the reply. It does not wait for a slow client: the reply goes on at the model's pace and what
 * the client has not read yet waits in the socket's buffer (at most the reply), as it waited in a
 * branch of the stream before. A client that goes away stops the writing, not the reply.
 */
export function uiMessageStreamWriter(response: ServerResponse): UIMessageStreamWriter {
  response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
  let gone = false;
  const onClose = () => {
    if (!response.writableFinished) gone = true;
  };
  response.once('close', onClose);
  const sent = new Set<string>();
  return {
    write(chunk) {
      if (gone) return;
      try {
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        sent.add(chunk.type);
      } catch {
        // A chunk that cannot be sent ends the client's stream, not the reply being stored.
        gone = true;
      }
    },
    end(last) {
      response.off('close', onClose);
      if (gone || response.destroyed) return;
      if (last && !sent.has(last.type)) response.write(`data: ${JSON.stringify(last)}\n\n`);
      response.end('data: [DONE]\n\n');
    },
  };
}
