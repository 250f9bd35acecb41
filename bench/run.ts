// Benchmarks (DESIGN.md §9): page weight of /call, start-up time, and latency of
// the main pages and endpoints under 10 concurrent clients, on loopback only.
// Usage: npm run bench   (builds first; writes bench/results/latest.json)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { CookieJar } from "../tests/support/cookie-jar";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const DEADLINE_MS = 60_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function waitForHealth(timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("portal did not start");
}

async function pageWeight(pathname: string, cookie = "") {
  const html = await (await fetch(`${BASE}${pathname}`, { headers: { cookie: ["cookie_consent=accepted", cookie].filter(Boolean).join("; ") } })).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let css = 0, js = 0, jsGzip = 0;
  for (const a of new Set(assets)) {
    const body = Buffer.from(await (await fetch(`${BASE}${a}`)).arrayBuffer());
    if (a.endsWith(".css")) css += body.length;
    else {
      js += body.length;
      jsGzip += zlib.gzipSync(body).length;
    }
  }
  return { html_bytes: Buffer.byteLength(html), css_bytes: css, html_plus_css_kb: +((Buffer.byteLength(html) + css) / 1024).toFixed(1), js_bytes: js, js_gzip_kb: +(jsGzip / 1024).toFixed(1) };
}

async function signIn(username: string): Promise<string> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { ...(init.headers ?? {}), cookie: jar.header() }, redirect: "manual" });
    jar.store(res);
    return res;
  };
  let url = `${BASE}/auth/login?returnTo=/`;
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
  return jar.header();
}

async function load(name: string, pathname: string, cookie = "") {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < REQUESTS && Date.now() - started < DEADLINE_MS) {
      next++;
      const t = performance.now();
      const res = await fetch(`${BASE}${pathname}`, { headers: { cookie } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!res.ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const seconds = (Date.now() - started) / 1000;
  return { name, path: pathname, requests: latencies.length, errors, median_ms: +percentile(latencies, 50).toFixed(1), p95_ms: +percentile(latencies, 95).toFixed(1), req_per_s: +(latencies.length / seconds).toFixed(0) };
}

async function main() {
  if (spawnSync("npx", ["remix", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const t0 = Date.now();
  // Node runs start.ts itself (through tsx's loader) so SIGTERM reaches it and
  // it stops the web processes and PostgreSQL in order.
  const server = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    env: { ...process.env, PORT: String(PORT), IDP_PORT: String(PORT + 1), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(120_000);
    const startMs = Date.now() - t0;
    const weight = await pageWeight("/call");
    const admin = await signIn("admin");
    const weightSettings = await pageWeight("/admin/settings", admin);
    const applicant = await signIn("applicant");
    const results = [];
    for (const [name, p, c] of [
      ["open calls (signed out)", "/call", ""],
      ["home dashboard (applicant)", "/", applicant],
      ["settings form (admin)", "/admin/settings", admin],
      ["API calls/opened", "/api/calls/opened", ""],
      ["API health", "/api/health", ""],
    ] as const) {
      await load(name, p, c); // warm-up
      results.push(await load(name, p, c));
    }
    const report = { date: new Date().toISOString(), cpus: os.cpus().length, start_ms_first_run: startMs, weight_call: weight, weight_settings: weightSettings, concurrency: CONCURRENCY, results };
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync("bench/results/latest.json", JSON.stringify(report, null, 2));
    console.log(JSON.stringify({ start_ms_first_run: startMs, weight_call: weight, weight_settings: weightSettings }, null, 2));
    console.table(results);
  } finally {
    try { process.kill(server.pid!, "SIGTERM"); } catch { /* already gone */ }
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
