// Statements with parameters go to PostgreSQL as named prepared statements
// (ADR 032). Each connection parses a statement once; after a few runs the
// server keeps a generic plan for it and stops planning it, which was most of
// PostgreSQL's time for the portal's small queries (0.2–0.4 ms of planning for
// 0.1 ms of execution). The server still plans afresh whenever a custom plan
// looks cheaper (plan_cache_mode auto), and after any change to a table the
// plan reads.
//
// A statement's name stands for its text in this process: PREPARED_MAX names
// are given at most, later texts run unnamed, so a shape that varies (a list
// of ids of any length) cannot fill the server's memory.
// DATABASE_PREPARED_STATEMENTS=off sends every statement unnamed, for a pooler
// that cannot keep a session's statements (PgBouncer in transaction mode
// before 1.21).
import type pg from "pg";

export const PREPARED_MAX = 1000;

// Only data statements: a text of several statements cannot be prepared, nor is a utility command worth it.
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();
let named = 0;

/** The name of `text`'s prepared statement in this process, or undefined once PREPARED_MAX names are given. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && named < PREPARED_MAX) names.set(text, (name = `s${++named}`));
  return name;
}

/** Whether statements are prepared (not with DATABASE_PREPARED_STATEMENTS=off). */
export const preparing = (env: Record<string, string | undefined> = process.env): boolean => env.DATABASE_PREPARED_STATEMENTS !== "off";

// What PostgreSQL answers when a prepared statement's columns changed under it
// (a migration another instance ran added a column to a `select *`): nothing ran.
const staleStatement = (err: unknown) =>
  (err as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(String((err as Error).message));

/**
 * Makes `client` send its parameterised data statements (text and values, as
 * Kysely sends them) as named prepared statements. One whose columns changed
 * gets a new name, and is run again once: outside a transaction that succeeds;
 * inside one, the transaction has failed already and says so.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values) || values.length === 0 || !PREPARABLE.test(text)) return query(...args);
    const name = statementName(text);
    if (!name) return query(...args);
    return query({ name, text, values }).catch((err: unknown) => {
      if (!staleStatement(err)) throw err;
      if (names.get(text) === name) names.delete(text);
      const renamed = statementName(text);
      return renamed ? query({ name: renamed, text, values }) : query(text, values);
    });
  };
}
