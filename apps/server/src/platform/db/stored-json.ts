// JSON the database keeps as text: one way to read it back, checked against its schema (the
// contracts' where there is one), so a value that is not what its column holds fails loudly,
// naming the column, instead of travelling on as a cast.
import type { output, ZodType } from 'zod';

/**
 * A stored JSON value that does not read as its column's schema. Nothing answers it but the error
 * handler: a 500 `Internal server error` to the client, this message and its cause in the log.
 */
export class StoredJsonError extends Error {
  constructor(
    readonly column: string,
    problem: string,
    options: { cause: unknown },
  ) {
    super(`Stored JSON in ${column} ${problem}`, options);
    this.name = 'StoredJsonError';
  }
}

/**
 * Parses the text of a JSON column (`column` names it in errors: 'newsletters.settings') and
 * checks it with `schema`; answers what the schema outputs. A SQL NULL reads as null.
 */
export function parseStored<S extends ZodType>(schema: S, text: string, column: string): output<S>;
export function parseStored<S extends ZodType>(
  schema: S,
  text: string | null,
  column: string,
): output<S> | null;
export function parseStored<S extends ZodType>(
  schema: S,
  text: string | null,
  column: string,
): output<S> | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StoredJsonError(column, 'is not JSON', { cause: err });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new StoredJsonError(column, `does not match its schema${where}: ${issue?.message}`, {
    cause: parsed.error,
  });
}
