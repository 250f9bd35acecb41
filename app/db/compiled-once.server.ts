// Kysely builds and compiles a query's SQL on every call: for the few queries
// every signed-in page view runs (a user's grants, their row), and the large
// reads of a staff screen, that was a visible share of the page's CPU
// (docs/budgets.md#per-request-work). Such a query, whose only varying
// parameter is an id, is compiled once per database and then run with the id
// put in place of its parameters.
import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.server";

/** Ids no row has: compiled in, they show where the parameters are. */
const PLACEHOLDER = -2_147_483_000;
const OTHER_PLACEHOLDER = -2_147_482_999;

export interface CompiledOnceOptions {
  /**
   * The query also holds parameters that are not the id, written in the
   * builder as constants (a status, a limit, `true`): they are kept as compiled.
   * `build` must then read nothing but its id (no clock, no setting, no
   * closure that changes): it is compiled twice at first use, and a parameter
   * that is neither the id nor the same both times is refused.
   */
  constants?: boolean;
}

/**
 * `build(db, id)`'s rows, compiled once per database: every parameter of the
 * built query must be the id (checked when it is first compiled), or with
 * `constants`, the id or a constant.
 */
export function compiledOnce<R>(build: (db: Db, id: number) => Compilable<R>, { constants = false }: CompiledOnceOptions = {}): (db: Db, id: number) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; idAt: boolean[] }>();
  return async (db, id) => {
    let kept = compiled.get(db);
    if (!kept) {
      const query = build(db, PLACEHOLDER).compile();
      const idAt = query.parameters.map((p) => p === PLACEHOLDER);
      if (!idAt.some(Boolean)) throw new Error("compiledOnce: the query must take the id as a parameter");
      if (!constants) {
        if (!idAt.every(Boolean)) throw new Error("compiledOnce: the id must be the query's only parameter");
      } else {
        const again = build(db, OTHER_PLACEHOLDER).compile();
        const same = again.sql === query.sql && again.parameters.length === query.parameters.length &&
          again.parameters.every((p, i) => (idAt[i] ? p === OTHER_PLACEHOLDER : p === query.parameters[i]));
        if (!same) throw new Error("compiledOnce: a parameter other than the id varies; the query cannot be kept compiled");
      }
      kept = { query, idAt };
      compiled.set(db, kept);
    }
    const { query, idAt } = kept;
    return (await db.executeQuery<R>({ ...query, parameters: query.parameters.map((p, i) => (idAt[i] ? id : p)) })).rows;
  };
}
