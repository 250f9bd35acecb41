import pg from "pg";
import { Kysely } from "kysely";
import type { Database } from "./schema";
import { WatchedPostgresDialect, writeWatch } from "./data-version.server";
import { prepareStatements, preparing } from "./prepared-statements.server";
import { dbQueryDuration, watchPool } from "~/lib/metrics.server";
import { reserveWithAuditContext } from "./audit-context.server";

// Keep `date` columns as 'yyyy-MM-dd' strings: the portal's dates are calendar
// days (docs/ui.md#dates), and a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(1082, (v: string) => v);

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (err) => console.warn(JSON.stringify({ level: "warn", msg: "pg pool error", err: err.message })));
  // Nor one in use (a long download's cursor, a query) whose server session dies:
  // pg emits 'error' on it with no listener once the pool has lent it out; the
  // query in flight fails on its own, and the pool drops the client on release.
  pool.on("connect", (client) => client.on("error", (err) => console.warn(JSON.stringify({ level: "warn", msg: "pg connection lost", err: err.message }))));
  // Parsed and planned once per connection (ADR 032).
  if (preparing()) pool.on("connect", prepareStatements);
  // Counted for Prometheus (docs/operations.md#metrics): the pool's connections and each query's time.
  watchPool(pool);
  // Answers kept until the next write (app/cache) learn of each write and commit here.
  return new Kysely<Database>({
    // Each connection carries the writing request's audit context, if any (ADR 051).
    dialect: new WatchedPostgresDialect({ pool, onReserveConnection: reserveWithAuditContext }),
    plugins: [writeWatch],
    log: (event) => dbQueryDuration.observe({ outcome: event.level === "error" ? "error" : "ok" }, event.queryDurationMillis / 1000),
  });
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
