// The app with loopback Google, Microsoft and Dropbox (sign-in and APIs) and a scripted LLM, for
// tests that drive the assistant's mail and file tools through real chat completions.
import {
  type FakeLlm,
  startFakeDropbox,
  startFakeGoogleCalendar,
  startFakeGraphCalendar,
  startFakeOidc,
  startFakeOpenAI,
} from '@knap/fakes';
import { fixedClock } from '../platform/clock.js';
import { lastMessage } from './assistant.js';
import { fakeLlm } from './llm.js';
import { createTestApp } from './test-app.js';
import { as } from './users.js';

const account = (sub: string) => ({ user: { sub, email: `advisor-${sub}@firm.example`, name: 'Advisor' } });

export async function startWorkspaceApp() {
  // A fixed clock, so a test can move past token expiry to make a connection lapse.
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  const googleAuth = await startFakeOidc(account('g'));
  const msAuth = await startFakeOidc(account('m'));
  const dropboxAuth = await startFakeOidc(account('d'));
  const google = await startFakeGoogleCalendar(googleAuth);
  const graph = await startFakeGraphCalendar(msAuth);
  const dropbox = await startFakeDropbox(dropboxAuth);
  const llm = await startFakeOpenAI();
  const { config: llmConfig, model } = fakeLlm(llm);
  const t = await createTestApp({
    clock,
    llm: model,
    config: {
      oauthProviders: {
        google: googleAuth.endpoints,
        microsoft: msAuth.endpoints,
        dropbox: dropboxAuth.endpoints,
      },
      apis: {
        google: google.url,
        microsoftGraph: graph.url,
        dropbox: dropbox.url,
        dropboxContent: dropbox.contentUrl,
      },
      llm: llmConfig,
    },
  });
  return {
    t,
    clock,
    googleAuth,
    google,
    graph,
    dropbox,
    llm,
    close: async () => {
      await t.close();
      for (const f of [google, graph, dropbox, llm, googleAuth, msAuth, dropboxAuth]) await f.close();
    },
  };
}

export type WorkspaceApp = Awaited<ReturnType<typeof startWorkspaceApp>>;

type ToolCall = [name: string, args: Record<string, unknown>];

/**
 * One message in a new chat, the model making `calls` one step each and then saying `text` (none:
 * the run stops at an approval). Answers the stored reply, what the model was handed as the tool
 * results (parsed JSON, or an error's text), the chat, and a caller for follow-ups.
 */
export async function ask(
  w: WorkspaceApp,
  user: { token: string },
  message: string,
  calls: ToolCall[],
  text?: string,
) {
  w.llm.enqueue(
    ...calls.map(([name, args]) => ({ toolCalls: [{ name, arguments: args }] })),
    ...(text === undefined ? [] : [{ text }]),
  );
  const call = as(w.t, user);
  const chatId: string = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
  const res = await call({
    method: 'POST',
    url: '/api/chat/completion',
    payload: { chat_id: chatId, message: { content: message } },
  });
  if (res.statusCode !== 200) throw new Error(`completion failed: ${res.statusCode} ${res.body}`);
  return { call, chatId, reply: await lastMessage(call, chatId), results: toolResults(w.llm) };
}

/** What the model was handed as tool results in its latest request, in order. */
function toolResults(llm: FakeLlm): unknown[] {
  const messages = (llm.requests.at(-1)?.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => {
      try {
        return JSON.parse(String(m.content));
      } catch {
        return m.content;
      }
    });
}
