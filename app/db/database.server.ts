import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { Database } from "./schema";

// Keep `date` columns as 'yyyy-MM-dd' strings: the portal's dates are calendar
// days (SPEC §9), and a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(1082, (v: string) => v);

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (err) => console.warn(JSON.stringify({ level: "warn", msg: "pg pool error", err: err.message })));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

let shared: Db | undefined;

/** The process-wide database, created on first use from DATABASE_URL. */
export function getDb(): Db {
  if (!shared) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the portal with `npm start`");
    shared = createDb(url, Number(process.env.DATABASE_POOL_SIZE ?? 10));
  }
  return shared;
}
