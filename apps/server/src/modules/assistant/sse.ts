// The client's branch of a reply: the UI-message stream as server-sent events on the socket.
import type { ServerResponse } from 'node:http';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';

/**
 * Writes a UI message stream to the response as server-sent events, in the AI SDK's format and
 * headers (what its pipeUIMessageStreamToResponse sends: `data: {chunk}` events, then
 * `data: [DONE]`), straight to the socket with its backpressure, instead of through three more web
 * streams per chunk. The stream's end is held until `until` settles (the reply stored and
 * charged); what it answers is the stream's last chunk when the stream did not send one of its
 * kind (an `abort` or `error` the model's stream left out when it was cut). A client that goes
 * away stops the writing, not the reply.
 */
export async function writeUIMessageStream(
  response: ServerResponse,
  stream: ReadableStream<UIMessageChunk>,
  until: Promise<UIMessageChunk | undefined>,
): Promise<void> {
  response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
  const reader = stream.getReader();
  let gone = false;
  let wake: (() => void) | undefined;
  const onClose = () => {
    if (response.writableFinished) return;
    gone = true;
    wake?.();
    reader.cancel(new Error('Client disconnected.')).catch(() => {});
  };
  response.once('close', onClose);
  const sent = new Set<string>();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || gone) break;
      sent.add(value.type);
      if (!response.write(`data: ${JSON.stringify(value)}\n\n`)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          response.once('drain', resolve);
        });
        wake = undefined;
      }
    }
  } catch {
    // An aborted or failed model stream still ends the client's stream after storing.
  }
  const last = await until;
  response.off('close', onClose);
  if (gone || response.destroyed) return;
  if (last && !sent.has(last.type)) response.write(`data: ${JSON.stringify(last)}\n\n`);
  response.end('data: [DONE]\n\n');
}
