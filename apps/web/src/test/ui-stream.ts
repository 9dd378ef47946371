// AI SDK UI-message streams as our completion endpoint sends them (SSE `data: {json}` events ending
// with `data: [DONE]`), for tests that mock fetch.

export type UiChunk = { type: string } & Record<string, unknown>;

const encoder = new TextEncoder();
const event = (data: string) => encoder.encode(`data: ${data}\n\n`);
const HEADERS = { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' };

/** A complete reply in one response. */
export function uiStreamResponse(chunks: readonly UiChunk[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(event(JSON.stringify(chunk)));
      controller.enqueue(event('[DONE]'));
      controller.close();
    },
  });
  return new Response(body, { headers: HEADERS });
}

/** A reply the test writes chunk by chunk, to see the screen while it streams. */
export function controlledUiStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: HEADERS }),
    push(...chunks: UiChunk[]) {
      for (const chunk of chunks) controller.enqueue(event(JSON.stringify(chunk)));
    },
    end() {
      controller.enqueue(event('[DONE]'));
      controller.close();
    },
  };
}

/** The chunks of a plain text reply, as the server streams it. */
export function textReply(messageId: string, words: readonly string[]): UiChunk[] {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    { type: 'text-start', id: 't1' },
    ...words.map((delta) => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ];
}
