// A second app server for specs that need replies the built-in demo model never writes
// (support/app-server.ts), with its model an OpenAI-compatible loopback fake from @knap/fakes, which
// answers each message with 'You said: {message}' unless a reply is scripted.
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { test as base } from '@playwright/test';
import { startAppServer } from './app-server';

export interface FakeModelServer {
  /** The app's base URL. */
  url: string;
  llm: FakeLlm;
  close(): Promise<void>;
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const llm = await startFakeOpenAI();
  try {
    const app = await startAppServer({
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
    });
    return {
      url: app.url,
      llm,
      close: async () => {
        await app.close();
        await llm.close();
      },
    };
  } catch (error) {
    await llm.close();
    throw error;
  }
}

/**
 * Tests whose pages talk to a fake-model server of the worker's own (started on first use); the
 * test scripts its replies with `fakeModelApp.llm.enqueue`.
 */
export const fakeModelTest = base.extend<object, { fakeModelApp: FakeModelServer }>({
  fakeModelApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const app = await startFakeModelServer();
      await use(app);
      await app.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ fakeModelApp }, use) => use(fakeModelApp.url),
});
