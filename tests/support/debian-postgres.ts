// Debian's PostgreSQL 15 (apt-get install postgresql), started for a test or a
// bench that needs a PostgreSQL outside the portal (DATABASE_URL), as
// production runs it: tests/api/two-portals.test.ts, bench/scale.ts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

const PG_BIN = process.env.DEBIAN_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface DebianPostgres {
  /** postgres://portal@127.0.0.1:<port>/portal, the database created empty. */
  url: string;
  server: ChildProcess;
  /** A fast shutdown (SIGINT), SIGKILL after 10 s. */
  stop: () => Promise<void>;
}

/**
 * Debian's PostgreSQL in `<dir>/pg`, as its own system user (it refuses root),
 * on loopback only and without a unix socket, fsync off (a throwaway cluster).
 * `dir` must exist; it is made readable by that user.
 */
export async function startDebianPostgres(dir: string, settings: string[] = ["max_connections=100"]): Promise<DebianPostgres> {
  for (const bin of ["initdb", "postgres"]) {
    if (!fs.existsSync(path.join(PG_BIN, bin))) {
      throw new Error(`Debian's PostgreSQL is missing (${path.join(PG_BIN, bin)}): install it with apt-get install -y postgresql (.ci/run does), or set DEBIAN_PG_BIN`);
    }
  }
  const user = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (user.status !== 0) throw new Error("Debian's PostgreSQL needs its system user `postgres` (apt-get install -y postgresql creates it)");
  const runAs = process.getuid?.() === 0 ? { uid: Number(user.stdout), gid: Number(group.stdout) } : {};
  const pgDir = path.join(dir, "pg");
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(pgDir, { mode: 0o700 });
  if ("uid" in runAs) fs.chownSync(pgDir, runAs.uid!, runAs.gid!);
  const env = { PATH: process.env.PATH, LANG: "C.UTF-8", HOME: pgDir } as Record<string, string | undefined> as NodeJS.ProcessEnv;
  const init = spawnSync(path.join(PG_BIN, "initdb"), ["-D", pgDir, "-U", "portal", "--auth=trust", "-E", "UTF8", "--no-sync"], { ...runAs, env, encoding: "utf8", cwd: pgDir });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const server = spawn(path.join(PG_BIN, "postgres"), ["-D", pgDir, "-p", String(port), "-h", "127.0.0.1", "-k", "", "-c", "fsync=off", ...settings.flatMap((s) => ["-c", s])], {
    ...runAs,
    env,
    cwd: pgDir,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  server.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    // SIGINT: PostgreSQL's fast shutdown.
    const exited = new Promise<void>((r) => server.once("exit", () => r()));
    server.kill("SIGINT");
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const base = `postgres://portal@127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    const c = new pg.Client({ connectionString: `${base}/postgres` });
    c.on("error", () => {});
    try {
      await c.connect();
      await c.query("create database portal");
      break;
    } catch {
      if (Date.now() > end || server.exitCode !== null) {
        await stop();
        throw new Error(`timed out waiting for PostgreSQL to accept connections (${log})`);
      }
    } finally {
      await c.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `${base}/portal`, server, stop };
}
