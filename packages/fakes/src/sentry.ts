// A Sentry-compatible ingest (what Sentry and a self-hosted GlitchTip answer at
// POST /api/<project>/envelope/): it reads the envelope format — a JSON header line, then items of
// an item-header line and a payload, the payload `length` bytes long when the item header says so,
// else up to the next newline — and keeps every item, so tests see what an SDK sent.
import { gunzipSync } from 'node:zlib';
import { sendJson, startFakeServer } from './http.js';

export interface FakeSentryItem {
  /** `event`, `replay_event`, `replay_recording`, `client_report`, `session`… */
  type: string;
  header: Record<string, unknown>;
  /** The payload parsed as JSON when it is JSON, else its text. */
  payload: unknown;
}

export interface FakeSentryEnvelope {
  project: string;
  header: Record<string, unknown>;
  items: FakeSentryItem[];
  /** The raw request as received (after gunzip), for tests that look for a string anywhere. */
  raw: string;
  /** The request's headers, lower-case. */
  requestHeaders: Record<string, string | string[] | undefined>;
}

export interface FakeSentry {
  url: string;
  /** A DSN for `project`, as a Sentry project page shows it. */
  dsn(project?: string): string;
  envelopes: FakeSentryEnvelope[];
  /** The error events received (items of type `event`), in order. */
  events(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const ENVELOPE_PATH = /^\/api\/([^/]+)\/envelope\/?$/;
export const FAKE_SENTRY_KEY = 'fakepublickey';

/** Splits an envelope into its header and items (https://develop.sentry.dev/sdk/envelopes/). */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: FakeSentryItem[] } {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const slice = body.subarray(at, end < 0 ? body.length : end);
    at = end < 0 ? body.length : end + 1;
    return slice;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: FakeSentryItem[] = [];
  while (at < body.length) {
    const headerLine = line().toString('utf8').trim();
    if (!headerLine) continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (body[at] === 0x0a) at += 1;
    } else payload = line();
    const text = payload.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A replay recording is a JSON header line and a (maybe compressed) body: kept as text.
    }
    items.push({ type: String(itemHeader.type), header: itemHeader, payload: parsed });
  }
  return { header, items };
}

export async function startFakeSentry(port = 0): Promise<FakeSentry> {
  const envelopes: FakeSentryEnvelope[] = [];
  const server = await startFakeServer((req, res, _body, raw) => {
    // Browsers send the envelope cross-origin as a simple text/plain request.
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST',
      });
      return res.end();
    }
    const match = ENVELOPE_PATH.exec((req.url ?? '').split('?')[0] ?? '');
    if (req.method !== 'POST' || !match) return sendJson(res, 404, { detail: 'Not found' }, cors);
    const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
    try {
      const { header, items } = parseEnvelope(bytes);
      envelopes.push({
        project: match[1]!,
        header,
        items,
        raw: bytes.toString('utf8'),
        requestHeaders: req.headers,
      });
    } catch {
      return sendJson(res, 400, { detail: 'Invalid envelope' }, cors);
    }
    return sendJson(res, 200, { id: 'fake' }, cors);
  }, port);
  return {
    url: server.url,
    dsn: (project = '1') => `${server.url.replace('://', `://${FAKE_SENTRY_KEY}@`)}/${project}`,
    envelopes,
    events: () =>
      envelopes.flatMap((envelope) =>
        envelope.items
          .filter((item) => item.type === 'event')
          .map((item) => item.payload as Record<string, unknown>),
      ),
    close: server.close,
  };
}
