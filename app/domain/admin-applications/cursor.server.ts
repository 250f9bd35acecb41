// Reading a long result in batches through a server-side cursor, so that a
// download of every matching row never holds them all in memory: one
// connection, a read-only snapshot, FETCH `batch` rows at a time as the reader
// asks for them. The connection goes back to the pool when the reader stops,
// finishes or fails.
import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";

/** Downloads running at once in this process; more wait for a slot, so they never take the whole pool. */
const MAX_OPEN = 3;
let open = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (open >= MAX_OPEN) await new Promise<void>((resolve) => waiting.push(resolve));
  open++;
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    open--;
    waiting.shift()?.();
  };
}

/** Rows of `query` in batches of `batch`, in its order, from one consistent snapshot, the next batch read while the reader handles this one. */
export async function* cursorBatches<R>(db: Db, query: Compilable<R>, batch = 500): AsyncGenerator<R[]> {
  const free = await slot();
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  // The transaction stays open until `done`: its connection is this reader's.
  let finished: Promise<void> = Promise.resolve();
  let ahead: Promise<{ rows: R[] }> | null = null;
  const trxReady = new Promise<Kysely<Database>>((resolve, reject) => {
    finished = db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        resolve(trx);
        await done;
      })
      // Before `resolve`: the reader gets the error; after: the snapshot was read, the connection went back to the pool.
      .catch(reject);
  });
  try {
    const trx = await trxReady;
    // A reader that stops reading must not hold a connection for ever.
    await trx.executeQuery(CompiledQuery.raw("set local idle_in_transaction_session_timeout = '60s'"));
    const { sql, parameters } = query.compile();
    await trx.executeQuery(CompiledQuery.raw(`declare export_rows no scroll cursor for ${sql}`, [...parameters]));
    // The next batch is asked for before this one is handed over, so PostgreSQL
    // reads it while the reader writes this one (a workbook's XML and deflate).
    const fetch = () => {
      const next = trx.executeQuery<R>(CompiledQuery.raw(`fetch ${batch} from export_rows`));
      // Its failure is the reader's when it asks for the batch; until then it is no unhandled rejection.
      next.catch(() => {});
      return next;
    };
    ahead = fetch();
    for (;;) {
      const { rows } = await (ahead as Promise<{ rows: R[] }>);
      ahead = null;
      if (rows.length === 0) break;
      if (rows.length === batch) ahead = fetch();
      yield rows;
      if (rows.length < batch) break;
    }
  } finally {
    // A reader that stopped early leaves a batch in flight: it ends before the transaction does.
    await ahead?.catch(() => {});
    release();
    // The snapshot ends (and the connection is back in the pool) before the reader hears the end.
    await finished.catch(() => {});
    free();
  }
}
