// Child process of bench/capacity.ts: the fake OpenAI-compatible model, paced like a real one
// (every request without a queued script gets the same paced reply), in its own process so its
// timers and writes do not share the server's cores' event loop. Sends its base URL on IPC.
import { startFakeOpenAI } from '@knap/fakes';
import { answerProbes } from './capacity-probe.js';

const TOKENS = Number(process.env.CAPACITY_TOKENS ?? 300);
const PACE_MS = Number(process.env.CAPACITY_PACE_MS ?? 20);
// Four characters a token, as English text averages; each token its own chunk, as real models send.
const text = Array.from({ length: TOKENS }, (_, i) => `w${String(i % 100).padStart(2, '0')} `).join('');

const fake = await startFakeOpenAI({ reply: { text, chunkSize: 4, chunkDelayMs: PACE_MS } });
// The fake keeps every request body for tests; thousands of them here would only fill its heap.
setInterval(() => {
  fake.requests.length = 0;
}, 1000).unref();
answerProbes();
process.send?.({ baseUrl: fake.baseUrl });
process.on('disconnect', () => process.exit(0));
