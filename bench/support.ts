// What bench/run.ts and bench/profile.ts share: a private copy of the sources,
// built; the portal and the minimal page started from it; signing in; a load.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { importJWK, SignJWT } from "jose";
import { demoAccounts } from "../idp/accounts";
import { loadOrCreateSigningKey } from "../idp/keys";
import { CookieJar } from "../tests/support/cookie-jar";

export const CONCURRENCY = 10;
/**
 * The web processes of the 10k benches: as deployed, one per core (docs/budgets.md#speed
 * budgets them on a 2-core machine with one web process per core; ADR 029).
 * BENCH_WEB_CONCURRENCY=1 measures one process alone. The page-cost ratios of
 * bench/run.ts keep one process against the minimal page's one.
 */
export const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY ?? String(os.availableParallelism());
/** What Chrome and Firefox ask for over HTTPS (the portal is served over HTTPS): the portal answers pages in Brotli. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
export const repo = path.resolve(import.meta.dirname, "..");
const SOURCES = ["app", "server", "idp", "locales", "public", "bench/minimal", "remix.config.js", "package.json", "tsconfig.json"];

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/**
 * The sources copied into a temporary folder and both apps (the portal and
 * bench/minimal) built there, as the e2e harness does: a build run by someone
 * else meanwhile changes nothing here. Its `remove()` deletes the folder.
 * The sources are the working tree's, or BENCH_REV's (a commit, e.g. HEAD, to
 * measure one without the edits in progress), or BENCH_SOURCE_DIR's.
 */
export function buildCopy(): { root: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ta-bench-"));
  // The embedded PostgreSQL runs as its own user when we are root: it must reach the folder.
  fs.chmodSync(root, 0o755);
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    let from = path.resolve(process.env.BENCH_SOURCE_DIR ?? repo);
    if (process.env.BENCH_REV) {
      from = path.join(root, "rev");
      fs.mkdirSync(from);
      execFileSync("sh", ["-c", `git -C "${repo}" archive "$0" | tar -x -C "${from}"`, process.env.BENCH_REV], { stdio: "inherit" });
    }
    for (const entry of SOURCES) {
      fs.cpSync(path.join(from, entry), path.join(root, entry), {
        recursive: true,
        // No build output or compiler cache: both apps are built afresh here.
        filter: (src) => !/[/\\](build|\.cache)$/.test(src),
      });
    }
    fs.rmSync(path.join(root, "rev"), { recursive: true, force: true });
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(root, "node_modules"), "dir");
    const remix = path.join(repo, "node_modules/@remix-run/dev/dist/cli.js");
    execFileSync(process.execPath, [remix, "build"], { cwd: root, stdio: "inherit" });
    execFileSync(process.execPath, [remix, "build"], { cwd: path.join(root, "bench/minimal"), stdio: "inherit" });
  } catch (err) {
    remove();
    throw err;
  }
  return { root, remove };
}

/**
 * The portal (server/start.ts, run by Node itself through tsx's loader so that
 * SIGTERM reaches it and it stops its web processes and PostgreSQL in order)
 * on `port`, its identity provider on port + 1. Its web processes inherit
 * `nodeOptions` (the cluster's default execArgv).
 */
export function startPortal(root: string, port: number, env: Record<string, string> = {}, nodeOptions: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeOptions, "--import", "tsx", "server/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      IDP_PORT: String(port + 1),
      HOST: "127.0.0.1",
      PORTAL_URL: `http://localhost:${port}`,
      DATA_DIR: path.join(root, "data"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The minimal page (bench/minimal), served by one web process of the portal's own server. */
export function startMinimal(root: string, port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    cwd: root,
    env: { ...process.env, PORTAL_ROOT: path.join(root, "bench/minimal"), PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A TCP port free on loopback now (for the embedded PostgreSQL a bench reaches directly). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A measurement with the CPU time the portal's processes (node, postgres) spent per request. */
export async function measured<T extends Sample>(portal: number, run: () => Promise<T>) {
  const before = cpuByCommand(portal);
  const sample = await run();
  const spent = cpuSpent(before, cpuByCommand(portal));
  const per = (ms = 0) => +(ms / Math.max(1, sample.requests)).toFixed(2);
  return { ...sample, cpu_ms_per_request: per(spent.node), db_cpu_ms_per_request: per(spent.postgres) };
}

/** SIGTERM, then SIGKILL after 20 s. */
export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, 20_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Milliseconds until `url` answered 2xx. */
export async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The weight of a page as a browser would load it: its HTML, its style sheets
 * (what a reader with JavaScript off downloads) and its scripts, raw and
 * gzipped (the server compresses them), fetched with the cookies given.
 */
export async function pageWeight(base: string, pathname: string, cookie = "") {
  const res = await fetch(`${base}${pathname}`, { headers: { cookie: ["cookie_consent=accepted", cookie].filter(Boolean).join("; ") }, redirect: "manual" });
  const html = Buffer.from(await res.arrayBuffer());
  const assets = [...html.toString("utf8").matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let css = 0, cssGzip = 0, js = 0, jsGzip = 0;
  const scripts: { asset: string; gzip_kb: number }[] = [];
  for (const a of new Set(assets)) {
    const body = Buffer.from(await (await fetch(`${base}${a}`)).arrayBuffer());
    const gzipped = zlib.gzipSync(body).length;
    if (a.endsWith(".js")) scripts.push({ asset: a, gzip_kb: +(gzipped / 1024).toFixed(1) });
    if (a.endsWith(".css")) {
      css += body.length;
      cssGzip += gzipped;
    } else {
      js += body.length;
      jsGzip += gzipped;
    }
  }
  const kb = (n: number) => +(n / 1024).toFixed(1);
  return {
    status: res.status,
    html_bytes: html.length,
    css_bytes: css,
    html_plus_css_kb: kb(html.length + css),
    html_plus_css_gzip_kb: kb(zlib.gzipSync(html).length + cssGzip),
    js_bytes: js,
    js_gzip_kb: kb(jsGzip),
    /** The scripts by compressed size, largest first: where a route's JS goes. */
    scripts: scripts.sort((a, b) => b.gzip_kb - a.gzip_kb),
  };
}

/** Signs a demo user in through the development identity provider; the portal's cookies. */
export async function signIn(base: string, username: string): Promise<string> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { ...(init.headers ?? {}), cookie: jar.header() }, redirect: "manual" });
    jar.store(res);
    return res;
  };
  let url = `${base}/auth/login?returnTo=/`;
  let res = await go(url);
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get("location")!, url).href;
    res = await go(url);
  }
  res = await go(`${url}/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username, password: "demo" }) });
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get("location")!, url).href;
    res = await go(url);
  }
  const cookies = jar.header();
  if (!/(?:^|; )__session=/.test(cookies)) throw new Error(`signing in as ${username} failed`);
  return cookies;
}

/**
 * `Bearer <token>` for a demo user, for the API's endpoints: an access token
 * signed with the key the portal's development identity provider keeps in its
 * DATA_DIR (server/start.ts), as the provider would issue it to the portal.
 */
export async function apiAuthorization(dataDir: string, port: number, username: string): Promise<string> {
  const account = demoAccounts.find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  const jwk = await loadOrCreateSigningKey(path.join(dataDir, "idp", "jwks.json"));
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ email: account.email, given_name: account.given_name, family_name: account.family_name, name: account.name, groups: [...account.groups], client_id: "ta-portal", scope: "openid profile email" })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "at+jwt" })
    .setIssuer(`http://localhost:${port + 1}`)
    .setAudience("urn:ta-portal:api")
    .setSubject(account.sub)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, "RS256"));
  return `Bearer ${token}`;
}

export interface Sample {
  requests: number;
  errors: number;
  req_per_s: number;
  median_ms: number;
  p95_ms: number;
}

/**
 * CONCURRENCY clients, each sending its next GET when the previous answer has
 * been read, for `seconds`. Plain node:http with keep-alive: a client cheaper
 * than fetch, so that the load generator is not what is measured. Several
 * URLs (the same page on several instances, bench/scale.ts): client i sends
 * to the (i mod n)th, round robin as a load balancer would spread them.
 */
export async function load(target: { url: string | string[]; cookie?: string; headers?: Record<string, string> }, seconds: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const urls = (Array.isArray(target.url) ? target.url : [target.url]).map((u) => new URL(u));
  const headers: http.OutgoingHttpHeaders = { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(target.cookie ? { cookie: target.cookie } : {}), ...target.headers };
  const get = (url: URL) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async (url: URL) => {
    while (performance.now() < until) {
      const t = performance.now();
      const status = await get(url).catch(() => 0);
      latencies.push(performance.now() - t);
      if (status < 200 || status >= 400) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => client(urls[i % urls.length])));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    req_per_s: +(latencies.length / elapsed).toFixed(0),
    median_ms: +percentile(latencies, 50).toFixed(1),
    p95_ms: +percentile(latencies, 95).toFixed(1),
  };
}

const TICK_MS = 10; // USER_HZ: 100 on Linux

/**
 * CPU time (ms) used so far by a process and all its descendants, by command
 * name ("node", "postgres"…), from Linux's /proc; empty elsewhere. CPU time per
 * request is what a busy machine changes least: throughput there also measures
 * everyone else's load.
 */
export function cpuByCommand(rootPid: number): Map<string, number> {
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  let names: string[] = [];
  try {
    names = fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n));
  } catch {
    return new Map();
  }
  for (const name of names) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17); comm may
    // hold spaces and parentheses. cutime/cstime hold the time of the children the
    // process has reaped: without them a PostgreSQL parallel worker or backend
    // that exits during a measurement takes its CPU time with it, and the
    // postgres total can even fall (negative CPU per request).
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    procs.set(Number(name), { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) });
  }
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const out = new Map<string, number>();
  const visit = (pid: number) => {
    const p = procs.get(pid);
    if (!p) return;
    out.set(p.comm, (out.get(p.comm) ?? 0) + p.ticks * TICK_MS);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return out;
}

/** `after - before`, per command. */
export function cpuSpent(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...after].map(([comm, ms]) => [comm, ms - (before.get(comm) ?? 0)]));
}

/**
 * The screen benches' measurement: each page in turn, its weight, a warm-up
 * request, then `seconds` of load at CONCURRENCY clients; within budget when
 * it answers 200 without errors under both percentiles. A page given headers
 * (an API endpoint with its Authorization) is sent them instead of the cookie,
 * and not weighed.
 */
export async function measurePages(
  base: string, portalPid: number, cookie: string, pages: [name: string, url: string, headers?: Record<string, string>][], seconds: number, budget: { p50_ms: number; p95_ms: number },
) {
  const rows = [];
  for (const [name, url, headers] of pages) {
    // The first request finds nothing kept (ADR 039): it is the cold figure, a request after a write.
    const started = performance.now();
    const weight = headers ? { status: (await fetch(`${base}${url}`, { headers })).status, html_plus_css_kb: null } : await pageWeight(base, url, cookie);
    const first_ms = Math.round(performance.now() - started);
    const target = headers ? { url: `${base}${url}`, headers } : { url: `${base}${url}`, cookie: `cookie_consent=accepted; ${cookie}` };
    await load(target, 1);
    const got = await measured(portalPid, () => load(target, seconds));
    rows.push({
      page: name, url, first_ms, ...got, status: weight.status, html_plus_css_kb: weight.html_plus_css_kb,
      within_budget: weight.status === 200 && got.errors === 0 && got.median_ms < budget.p50_ms && got.p95_ms < budget.p95_ms,
    });
    console.error(`${name}: first ${first_ms} ms, p50 ${got.median_ms} ms, p95 ${got.p95_ms} ms, ${got.req_per_s} req/s, HTML+CSS ${weight.html_plus_css_kb} KB${got.errors ? `, ${got.errors} errors` : ""}`);
  }
  return rows;
}

/** A bench's report: bench/results/<name>-latest.json, the pages' table on the console, exit code 1 when a page failed. */
export function writeReport(name: string, report: Record<string, unknown>, pages: Awaited<ReturnType<typeof measurePages>>) {
  fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(repo, `bench/results/${name}-latest.json`), JSON.stringify({ ...report, pages }, null, 2));
  console.table(pages.map(({ page, first_ms, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget }) => ({
    page, first_ms, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget,
  })));
  if (pages.some((p) => p.errors || p.status !== 200)) process.exitCode = 1;
}
