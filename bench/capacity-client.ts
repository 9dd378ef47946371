// Child process of bench/capacity.ts: streams completions for its share of the simultaneous
// users and times them. Each user's first stream starts at its place in a ramp as long as one
// reply, so arrivals are spread evenly; each then asks again as soon as its reply ends, until the
// window closes, so N streams are open throughout the window. Samples are taken inside the window
// only: time to the first text event of every stream started before the window's end, gaps
// between text events received in it, and the tokens received in it. Streams still open when the
// window closes are cut there (not failures: the server may be far behind at the highest levels,
// and the run must end); one still waiting for its first token, or for its next one, counts the
// time it has waited so far, so an overloaded server cannot look fast by answering few.
import { Agent, type ClientRequest, request } from 'node:http';
import { answerProbes } from './capacity-probe.js';

export interface ClientJob {
  url: string;
  /** Where the server is asked to stop a reply whose stream the window's end cut (none: the relay). */
  stopUrl?: string;
  /** One per user: its bearer token (none for the relay) and request body. */
  users: Array<{ token?: string; body: string }>;
  /** Place of this worker's first user among all users, and how many there are in all. */
  offset: number;
  total: number;
  /** Epoch ms: the ramp's start, the window's start (the ramp's end) and end. */
  rampStart: number;
  windowStart: number;
  windowEnd: number;
}

export interface ClientResult {
  ttft: number[];
  gaps: number[];
  tokens: number;
  streams: number;
  failed: number;
  /** Completions refused with 503 and Retry-After (load shedding), each asked again after it. */
  shed: number;
  errors: string[];
}

const STREAM_TIMEOUT_MS = 60_000;
// A connection per stream: reusing one the server is just closing (its keep-alive timeout) fails
// the next request with "socket hang up", which is the client's doing, not the server's.
const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** The streams open, each with what it still waits for (its first token, or its next one) since when. */
const open = new Map<ClientRequest, { started: number; last: number; user: ClientJob['users'][number] }>();
let closed = false;
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

/**
 * One completion, read to its end; answers whether it succeeded, or when to ask again when the
 * server shed it (503 with Retry-After).
 */
function stream(
  job: ClientJob,
  user: ClientJob['users'][number],
  result: ClientResult,
): Promise<boolean | number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const inWindow = (t: number) => t >= job.windowStart && t < job.windowEnd;
    const state = { started, last: 0, user };
    let done = false;
    const fail = (why: string) => {
      if (done) return;
      done = true;
      open.delete(req);
      if (closed) return resolve(false);
      result.failed++;
      if (result.errors.length < 5) result.errors.push(why);
      resolve(false);
    };
    const req = request(job.url, {
      method: 'POST',
      agent,
      timeout: STREAM_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        ...(user.token ? { authorization: `Bearer ${user.token}` } : {}),
      },
    });
    req.on('timeout', () => req.destroy(new Error('stream timed out')));
    req.on('error', (err) => fail(err.message));
    // A request destroyed before its answer's headers emits only 'close'.
    req.on('close', () => fail('connection closed'));
    req.on('response', (res) => {
      if (res.statusCode === 503 && res.headers['retry-after']) {
        // Shed: the user asks again after the wait the server names (not a failure).
        res.resume();
        res.on('end', () => {
          if (done) return;
          done = true;
          open.delete(req);
          result.shed++;
          resolve(Date.now() + Number(res.headers['retry-after']) * 1000);
        });
        return;
      }
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => fail(`${res.statusCode} ${body.slice(0, 200)}`));
        return;
      }
      res.setEncoding('utf8');
      let buffered = '';
      let ended = false;
      res.on('data', (text: string) => {
        const now = Date.now();
        buffered += text;
        let tokens = 0;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const event = buffered.slice(0, end);
          // A token is four characters of the reply (capacity-model.ts): the server may send
          // several in one event when they reached it together (coalesce.ts).
          if (event.includes('"type":"text-delta"'))
            tokens += (JSON.parse(event.slice('data: '.length)) as { delta: string }).delta.length / 4;
          else if (event === 'data: [DONE]') ended = true;
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
        }
        if (!tokens) return;
        if (inWindow(now)) {
          result.tokens += tokens;
          if (state.last) result.gaps.push(now - state.last);
        }
        if (!state.last) result.ttft.push(now - started);
        state.last = now;
      });
      res.on('end', () => {
        if (!ended) return fail('stream ended without [DONE]');
        if (done) return;
        done = true;
        open.delete(req);
        result.streams++;
        resolve(true);
      });
      res.on('error', (err) => fail(err.message));
    });
    open.set(req, state);
    req.end(user.body);
  });
}

async function run(job: ClientJob): Promise<void> {
  const result: ClientResult = { ttft: [], gaps: [], tokens: 0, streams: 0, failed: 0, shed: 0, errors: [] };
  let stopping: Promise<unknown> = Promise.resolve();
  setTimeout(() => {
    closed = true;
    const now = Date.now();
    const cut: ClientJob['users'] = [];
    for (const [req, { started, last, user }] of open) {
      if (!last) result.ttft.push(now - started);
      else result.gaps.push(now - last);
      req.destroy(new Error('cut at the end of the window'));
      cut.push(user);
    }
    // A reply goes on when its reader leaves (it is stored either way); Stop ends the ones cut, as a
    // user would, so the next level does not start behind them.
    const { stopUrl } = job;
    if (stopUrl) {
      stopping = Promise.allSettled(
        cut.map((user) =>
          fetch(stopUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
            body: JSON.stringify({ chat_id: (JSON.parse(user.body) as { chat_id: string }).chat_id }),
            signal: AbortSignal.timeout(60_000),
          }).then((res) => res.arrayBuffer()),
        ),
      );
    }
  }, job.windowEnd - Date.now());
  await Promise.all(
    job.users.map(async (user, i) => {
      await sleepUntil(job.rampStart + ((job.offset + i) / job.total) * (job.windowStart - job.rampStart));
      // A user whose stream failed stops asking, so a failing server is not asked in a tight loop.
      while (Date.now() < job.windowEnd) {
        const outcome = await stream(job, user, result);
        if (outcome === false) break;
        if (typeof outcome === 'number') await sleepUntil(Math.min(outcome, job.windowEnd));
      }
    }),
  );
  await stopping;
  agent.destroy();
  process.send?.({ result });
}

answerProbes();
process.on('message', (m: ClientJob | { probe: string }) => {
  if ('users' in m) void run(m);
});
process.send?.({ ready: true });
process.on('disconnect', () => process.exit(0));
