// What a request may carry, checked once where it enters, for every route: no text a database
// cannot store (U+0000, which PostgreSQL text cannot hold; a lone UTF-16 surrogate, which is not
// valid UTF-8) in the JSON body, the query string or the path, and no JSON nested deeper than
// MAX_JSON_DEPTH. Refused requests answer before any handler runs, so nothing is half written.
// Multipart fields are checked by platform/multipart.ts with `unstorableText`.
import { DETAIL, MAX_JSON_DEPTH } from '@knap/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** U+0000, or a surrogate not in a pair (with the u flag, a pair is one code point, not Cs). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** The 422 for `text` at `where` (`body.title`, `form.subject`) when it cannot be stored, else null. */
export function unstorableText(where: () => string, text: string): HttpError | null {
  if (!UNSTORABLE.test(text)) return null;
  return new HttpError(
    422,
    DETAIL.invalid(where(), text.includes('\0') ? DETAIL.nulCharacter : DETAIL.loneSurrogate),
  );
}

/** A value on the walk, with what holds it, so the path is only built for the answer. */
interface Place {
  value: unknown;
  parent: Place | null;
  key: string;
  depth: number;
}

const MAX_PATH_CHARS = 200;

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let p: Place | null = place; p; p = p.parent) keys.push(p.key);
  const path = keys.reverse().join('.');
  return path.length > MAX_PATH_CHARS ? `${path.slice(0, MAX_PATH_CHARS)}…` : path;
}

/**
 * A string (value or key) of `root` that cannot be stored, as the 422 the validator would
 * give (`Invalid body.title: …`), or 400 for nesting past MAX_JSON_DEPTH. Walked with a stack, not
 * recursion: a body nested 100,000 deep is one JSON.parse away, and recursion would overflow on it.
 */
export function unstorable(root: unknown, where: string): HttpError | null {
  const stack: Place[] = [{ value: root, parent: null, key: where, depth: 0 }];
  for (let place = stack.pop(); place; place = stack.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      const refused = unstorableText(() => pathOf(place), value);
      if (refused) return refused;
    } else if (typeof value === 'object' && value !== null) {
      if (place.depth >= MAX_JSON_DEPTH) return new HttpError(400, DETAIL.jsonTooDeep(MAX_JSON_DEPTH));
      const depth = place.depth + 1;
      for (const [key, child] of Object.entries(value)) {
        // The key itself is left out of the answer: it is the part that cannot be shown.
        const refused = unstorableText(() => pathOf(place), key);
        if (refused) return refused;
        stack.push({ value: child, parent: place, key, depth });
      }
    }
  }
  return null;
}

/** The JSON body parser (Fastify's own, prototype poisoning refused) and the query and path check. */
export function guardRequestText(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const refused = unstorable(value, 'body');
      if (refused) return done(refused, undefined);
      done(null, value);
    }),
  );
  app.addHook('preValidation', async (request) => {
    const refused = unstorable(request.params, 'params') ?? unstorable(request.query, 'querystring');
    if (refused) throw refused;
  });
}
