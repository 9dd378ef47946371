// Models answer JSON in many wrappings: a ```json fence, bare JSON with words around it, or (some
// providers) an object already. This reads any of them and checks it against a zod schema.
import type { z } from 'zod';

/** The first JSON value in `text`: a fenced block, else the outermost {...} or [...]. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  const candidates = [fenced, text];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const trimmed = candidate.trim();
    try {
      return JSON.parse(trimmed);
    } catch {
      const start = trimmed.search(/[{[]/);
      const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
      if (start >= 0 && end > start) {
        try {
          return JSON.parse(trimmed.slice(start, end + 1));
        } catch {
          // not this one
        }
      }
    }
  }
  return undefined;
}

/** The model's output as `schema`, or null when it cannot be read as one. */
export function parseModelJson<S extends z.ZodType>(output: unknown, schema: S): z.infer<S> | null {
  const value = typeof output === 'string' ? extractJson(output) : output;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
