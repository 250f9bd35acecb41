// Kysely builds and compiles a query's SQL on every call: for the few queries
// every signed-in page view runs (a user's grants, their row), that was a
// visible share of the page's CPU (docs/budgets.md#per-request-work). Such a query, whose only
// parameter is an id, is compiled once per database and then run with the id
// put in place of every parameter.
import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.server";

/** An id no row has: compiled in, it shows where the parameters are. */
const PLACEHOLDER = -2_147_483_000;

/**
 * `build(db, id)`'s rows, compiled once per database: every parameter of the
 * built query must be the id (checked when it is first compiled).
 */
export function compiledOnce<R>(build: (db: Db, id: number) => Compilable<R>): (db: Db, id: number) => Promise<R[]> {
  const compiled = new WeakMap<Db, CompiledQuery<R>>();
  return async (db, id) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, PLACEHOLDER).compile();
      if (!query.parameters.length || query.parameters.some((p) => p !== PLACEHOLDER)) throw new Error("compiledOnce: the id must be the query's only parameter");
      compiled.set(db, query);
    }
    return (await db.executeQuery<R>({ ...query, parameters: query.parameters.map(() => id) })).rows;
  };
}
