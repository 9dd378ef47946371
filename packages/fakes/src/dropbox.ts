// The Dropbox API v2 on loopback, trusting the tokens of an OIDC fake: RPC calls (search_v2,
// get_metadata) on the API host and downloads on a separate content host, as Dropbox splits them,
// with Dropbox's error shapes (JSON `error_summary` for 401/409, plain text for a bad request).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, startFakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';
import { authorized, DEFAULT_MODIFIED, type FakeFile, sizeOf } from './workspace.js';

export interface FakeDropbox extends FakeServer {
  /** The content host (downloads); `url` is the API host (RPC calls). */
  contentUrl: string;
  /** Files at the root of the account: `/{name}`. */
  files: FakeFile[];
  requests: Array<{ host: 'api' | 'content'; path: string; body: unknown }>;
}

function badRequest(res: ServerResponse, fn: string, message: string) {
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`Error in call to API function "${fn}": ${message}`);
}

function notFound(res: ServerResponse) {
  sendJson(res, 409, {
    error_summary: 'path/not_found/..',
    error: { '.tag': 'path', path: { '.tag': 'not_found' } },
  });
}

const pathOf = (f: FakeFile) => `/${f.name}`;
const seconds = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

function metadata(f: FakeFile) {
  const modified = seconds(f.modified ?? DEFAULT_MODIFIED);
  return {
    '.tag': 'file',
    id: f.id,
    name: f.name,
    path_lower: pathOf(f).toLowerCase(),
    path_display: pathOf(f),
    client_modified: modified,
    server_modified: modified,
    rev: createHash('sha1').update(f.content).digest('hex').slice(0, 16),
    size: sizeOf(f),
    is_downloadable: true,
    content_hash: createHash('sha256').update(f.content).digest('hex'),
  };
}

/** A file by `id:…` or by its path (case-insensitive, like Dropbox). */
const lookup = (files: FakeFile[], path: unknown) =>
  files.find(
    (f) =>
      !f.trashed &&
      typeof path === 'string' &&
      (f.id === path || pathOf(f).toLowerCase() === path.toLowerCase()),
  );

/** HTTP headers are ASCII: Dropbox escapes the rest of its JSON header values as \uXXXX. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function rpc(files: FakeFile[], path: string, input: Record<string, unknown>, res: ServerResponse) {
  if (path === '/2/files/search_v2') {
    const query = typeof input.query === 'string' ? input.query.toLowerCase() : '';
    const options = (input.options ?? {}) as { max_results?: number };
    const max = options.max_results ?? 100;
    if (!query) return badRequest(res, 'files/search_v2', 'request body: query: must not be empty');
    if (!Number.isInteger(max) || max < 1 || max > 1000)
      return badRequest(res, 'files/search_v2', 'request body: options.max_results: out of range');
    const matches = files
      .filter((f) => !f.trashed && `${f.name}\n${f.content}`.toLowerCase().includes(query))
      .slice(0, max)
      .map((f) => ({
        match_type: { '.tag': f.name.toLowerCase().includes(query) ? 'filename' : 'content' },
        metadata: { '.tag': 'metadata', metadata: metadata(f) },
      }));
    return sendJson(res, 200, { matches, has_more: false });
  }
  if (path === '/2/files/get_metadata') {
    const file = lookup(files, input.path);
    return file ? sendJson(res, 200, metadata(file)) : notFound(res);
  }
  return badRequest(res, path.slice(3), 'Unknown API function');
}

function download(files: FakeFile[], req: IncomingMessage, res: ServerResponse) {
  // Content calls take their argument in a header, and no JSON body.
  const type = String(req.headers['content-type'] ?? '');
  if (type && !/^(text\/plain|application\/octet-stream)/.test(type))
    return badRequest(res, 'files/download', `Bad HTTP "Content-Type" header: "${type}".`);
  let arg: { path?: unknown };
  try {
    arg = JSON.parse(String(req.headers['dropbox-api-arg'] ?? ''));
  } catch {
    return badRequest(res, 'files/download', 'Dropbox-API-Arg: could not decode input as JSON');
  }
  const file = lookup(files, arg.path);
  if (!file) return notFound(res);
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'dropbox-api-result': asciiJson(metadata(file)),
  });
  res.end(file.content);
}

const parsed = (body: string): unknown => {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return body;
  }
};

export async function startFakeDropbox(oidc: FakeOidc): Promise<FakeDropbox> {
  const files: FakeFile[] = [];
  const requests: FakeDropbox['requests'] = [];
  const host = (name: 'api' | 'content') =>
    startFakeServer((req, res, body) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const input = parsed(body);
      requests.push({ host: name, path, body: input });
      if (!authorized(oidc, req.headers.authorization))
        return sendJson(res, 401, {
          error_summary: 'invalid_access_token/..',
          error: { '.tag': 'invalid_access_token' },
        });
      if (req.method !== 'POST') return badRequest(res, path, 'Only POST is supported');
      if (name === 'content')
        return path === '/2/files/download'
          ? download(files, req, res)
          : badRequest(res, path, 'Unknown API function');
      if (!String(req.headers['content-type']).startsWith('application/json') || typeof input !== 'object')
        return badRequest(res, path.slice(3), 'request body: could not decode input as JSON');
      return rpc(files, path, (input ?? {}) as Record<string, unknown>, res);
    });
  const [api, content] = await Promise.all([host('api'), host('content')]);
  return {
    url: api.url,
    contentUrl: content.url,
    files,
    requests,
    close: async () => {
      await Promise.all([api.close(), content.close()]);
    },
  };
}
