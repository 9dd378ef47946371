// Hot queries compiled once. Kysely builds and compiles a query's syntax tree on every call, which
// costs more than SQLite's own lookup for the few queries every request runs (the session check,
// the chat list page). `precompiled` builds such a query once per database with sentinel
// arguments, keeps its SQL and where each argument lands among the parameters, and afterwards only
// binds values. On PostgreSQL the SQL is also a named prepared statement (`preparedName`, used by
// index.ts): each connection parses and plans it once, not on every call.
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';

type Q = Kysely<Database>;

/** SQL texts of precompiled queries, with the name each is prepared under on PostgreSQL. */
const preparedNames = new Map<string, string>();

/** The prepared-statement name of a precompiled query's SQL, or undefined for any other SQL. */
export const preparedName = (sql: string): string | undefined => preparedNames.get(sql);

interface Compiled {
  sql: string;
  /** For each parameter of the SQL, the index of the argument it takes. */
  argumentOf: number[];
}

/**
 * `build` must use each argument as a bound parameter (not in the SQL text) and nothing else that
 * varies; `sentinels` are distinct values standing in for the arguments while compiling.
 */
export function precompiled<A extends readonly unknown[], R>(
  build: (db: Q, ...args: A) => Compilable<R>,
  sentinels: A,
): (db: Q, ...args: A) => Promise<R[]> {
  const cache = new WeakMap<Q, Compiled>();
  return async (db, ...args) => {
    let compiled = cache.get(db);
    if (!compiled) {
      const query = build(db, ...sentinels).compile();
      // PostgreSQL refuses to run a prepared `*` once a migration has added a column to its table.
      if (/\*\s+from\b/i.test(query.sql)) throw new Error('precompiled: name the columns, not *');
      const argumentOf = query.parameters.map((p) => sentinels.indexOf(p));
      if (argumentOf.some((i) => i < 0))
        throw new Error('precompiled: a parameter is not one of the arguments');
      compiled = { sql: query.sql, argumentOf };
      cache.set(db, compiled);
      if (!preparedNames.has(query.sql)) preparedNames.set(query.sql, `knap_${preparedNames.size + 1}`);
    }
    const parameters = compiled.argumentOf.map((i) => args[i]);
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
