// The supervisor on a tiny web process (not the portal: it must stay fast): a
// process killed with SIGKILL answers again within a few seconds; a service
// that stops answering is restarted.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/free-port";
import { backoffDelay, SERVE_MESSAGE, superviseProcesses, watchService, webConcurrency } from "./supervise";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-supervise-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A web process in miniature: answers /api/health with its pid, exits on SIGTERM;
// as a standby (STANDBY=yes) it listens only once told to serve.
const script = path.join(dir, "web.mjs");
fs.writeFileSync(
  script,
  `import http from "node:http";
const server = http.createServer((req, res) => res.end(JSON.stringify({ ok: true, pid: process.pid })));
const listen = () => server.listen(Number(process.env.PORT), "127.0.0.1");
if (process.env.STANDBY === "yes") process.on("message", (m) => m?.type === ${JSON.stringify(SERVE_MESSAGE)} && listen());
else listen();
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`,
);

async function health(port: number): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) });
    return ((await response.json()) as { pid: number }).pid;
  } catch {
    return null;
  }
}

async function until<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("superviseProcesses", () => {
  it("starts a web process killed with SIGKILL again, and it answers within a few seconds", async () => {
    const port = await freePort();
    const events: Record<string, unknown>[] = [];
    const supervisor = superviseProcesses<ChildProcess>({
      count: 1,
      start: () => fork(script, [], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" }),
      log: (msg, extra) => events.push({ msg, ...extra }),
      backoffMs: 100,
    });
    try {
      const first = await until(() => health(port), 5_000);
      const killedAt = Date.now();
      process.kill(first, "SIGKILL");
      const second = await until(async () => {
        const pid = await health(port);
        return pid !== null && pid !== first ? pid : null;
      }, 5_000);
      expect(second).not.toBe(first);
      expect(Date.now() - killedAt).toBeLessThan(5_000);
      expect(events).toEqual([expect.objectContaining({ msg: "web process exited; restarting", slot: 0, signal: "SIGKILL", restart_in_ms: 100 })]);
    } finally {
      await supervisor.stop("SIGTERM", 5_000);
    }
    // Stopped: nothing answers and nothing is started again.
    expect(supervisor.processes()).toEqual([]);
    expect(await health(port)).toBeNull();
  });

  it("lets the standby take over from a process killed with SIGKILL, and starts a new standby behind it", async () => {
    const port = await freePort();
    const events: Record<string, unknown>[] = [];
    const run = (standby: boolean) => fork(script, [], { env: { ...process.env, PORT: String(port), STANDBY: standby ? "yes" : "no" }, stdio: ["ignore", "ignore", "ignore", "ipc"] });
    const supervisor = superviseProcesses<ChildProcess>({
      count: 1,
      start: () => run(false),
      standby: { start: () => run(true), activate: (child) => child.send({ type: SERVE_MESSAGE }) },
      log: (msg, extra) => events.push({ msg, ...extra }),
      backoffMs: 100,
    });
    try {
      const first = await until(() => health(port), 5_000);
      expect(supervisor.processes()).toHaveLength(2);
      const waiting = supervisor.processes().find((p) => p.pid !== first)!;
      // Not serving until it is needed.
      expect(await health(port)).toBe(first);
      process.kill(first, "SIGKILL");
      const second = await until(async () => {
        const pid = await health(port);
        return pid !== null && pid !== first ? pid : null;
      }, 5_000);
      expect(second).toBe(waiting.pid);
      expect(events[0]).toEqual(expect.objectContaining({ msg: "web process exited; the standby took over", slot: 0, signal: "SIGKILL", next_standby_in_ms: 100 }));
      // A new standby stands behind it; killed while waiting, it is started again.
      const next = await until(async () => supervisor.processes().find((p) => p.pid !== second) ?? null, 5_000);
      next.kill("SIGKILL");
      await until(async () => (supervisor.processes().some((p) => p.pid !== second && p.pid !== next.pid) ? true : null), 5_000);
      expect(events.map((e) => e.msg)).toContain("standby web process exited; restarting it");
      expect(await health(port)).toBe(second);
    } finally {
      await supervisor.stop("SIGTERM", 5_000);
    }
    expect(supervisor.processes()).toEqual([]);
    expect(await health(port)).toBeNull();
  });

  it("backs off on crashes in a row, up to a ceiling", () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 250, 10_000))).toEqual([250, 500, 1000, 2000, 10_000]);
  });
});

describe("webConcurrency", () => {
  it("starts one web process per core unless WEB_CONCURRENCY says otherwise", () => {
    expect(webConcurrency(undefined, 4)).toBe(4);
    expect(webConcurrency("", 4)).toBe(4);
    expect(webConcurrency(undefined)).toBe(os.availableParallelism());
    expect(webConcurrency("1", 4)).toBe(1);
    expect(webConcurrency("3", 4)).toBe(3);
    // Nonsense still starts one.
    expect(["0", "-2", "many"].map((v) => webConcurrency(v, 4))).toEqual([1, 1, 1]);
  });
});

describe("watchService", () => {
  it("restarts a service after failed checks in a row, and only then", async () => {
    let up = true;
    let restarts = 0;
    const events: string[] = [];
    const watch = watchService({
      name: "db",
      intervalMs: 10,
      failures: 2,
      check: async () => up,
      restart: async () => {
        restarts++;
        up = true;
      },
      log: (msg) => events.push(msg),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(restarts).toBe(0);
      up = false;
      await until(async () => (restarts === 1 ? true : null), 2_000);
      await until(async () => (events.includes("db answers again") ? true : null), 2_000);
      expect(events.slice(0, 3)).toEqual(["db is not answering; restarting it", "db restarted", "db answers again"]);
    } finally {
      watch.stop();
    }
  });

  it("keeps trying when a restart fails", async () => {
    let attempts = 0;
    const watch = watchService({
      name: "db",
      intervalMs: 5,
      failures: 1,
      check: async () => attempts >= 3,
      restart: async () => {
        attempts++;
        throw new Error("port in use");
      },
      log: () => {},
    });
    try {
      await until(async () => (attempts >= 3 ? true : null), 2_000);
    } finally {
      watch.stop();
    }
  });
});
