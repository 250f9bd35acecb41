// Several portal instances on one database (docs/architecture.md#caches):
// each instance's primary process holds one connection that LISTENs on a
// PostgreSQL channel, and NOTIFYs it when the instance writes (its own writes
// and its web processes', coalesced). A notification from another instance
// ends every answer kept in this instance's processes at once (the data
// version, data-version.server.ts); the cache lifetime stays the fallback while
// the connection is down, and it is made again with a growing delay.
import crypto from "node:crypto";
import pg from "pg";

/** The PostgreSQL channel the instances of one database share. */
export const CHANGES_CHANNEL = "ta_portal_data_changed";

export interface InstanceChangesOptions {
  databaseUrl: string;
  /** Another instance wrote. */
  heard: () => void;
  log: (msg: string, extra?: Record<string, unknown>) => void;
  channel?: string;
  /** First delay before connecting again; doubled up to 30 s. */
  retryMs?: number;
}

export interface InstanceChanges {
  /** This instance wrote: the others are told (one notification per burst). */
  changed(): void;
  /** This instance's name in the notifications. */
  readonly id: string;
  stop(): Promise<void>;
}

export async function instanceChanges(options: InstanceChangesOptions): Promise<InstanceChanges> {
  const channel = options.channel ?? CHANGES_CHANNEL;
  const id = crypto.randomUUID();
  const firstDelay = options.retryMs ?? 1_000;
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = firstDelay;
  let timer: NodeJS.Timeout | undefined;
  // A notification in flight, and whether another change came meanwhile.
  let sending = false;
  let pending = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.databaseUrl });
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload !== id) options.heard();
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      c.removeAllListeners("end");
      c.end().catch(() => {});
      if (stopped) return;
      options.log("instance changes connection lost", { err: err?.message, retry_in_ms: delay });
      // Whatever was written meanwhile elsewhere is not heard: forget everything kept.
      options.heard();
      timer = setTimeout(() => void connect().catch(() => {}), delay);
      timer.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      delay = firstDelay;
    } catch (err) {
      lost(err as Error);
      throw err;
    }
  };

  const send = (): void => {
    if (sending) {
      pending = true;
      return;
    }
    const c = client;
    if (!c || stopped) return;
    sending = true;
    c.query("select pg_notify($1, $2)", [channel, id])
      .catch((err: Error) => options.log("instance changes notify failed", { err: err.message }))
      .finally(() => {
        sending = false;
        if (pending) {
          pending = false;
          send();
        }
      });
  };

  // Not reachable now: it is tried again, and the cache lifetime covers the meantime.
  await connect().catch(() => {});
  let scheduled = false;
  return {
    id,
    changed() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        send();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
