// `npm run bench -- admin-list`: the staff list of applications (docs/budgets.md#speed,
// #exports, #weight) on 10 000 applications (bench/data.ts; BENCH_APPLICATIONS for
// another count), signed in as the demo editor, 10 concurrent clients:
// /admin/application unfiltered and with three filters (status[], call_id[],
// infrastructure[]), and one application's staff screen (/admin/application/{id}):
// p50 < 50 ms, p95 < 100 ms; the page's HTML and CSS (what
// a reader with JavaScript off downloads) < 60 KB; and the CSV download of every
// application (10 000 rows) < 2 s with flat memory: the web process's resident
// memory is sampled every 10 ms during the download and compared with before
// (and the XLSX download is timed too).
//
// Writes bench/results/admin-list-latest.json. BENCH_PORT (3200),
// BENCH_SECONDS (4) per measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Db } from "../app/db/database.server";
import { portalWithApplications } from "./data";
import { CONCURRENCY, load, measured, pageWeight, repo, signIn, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p50_ms: 50, p95_ms: 100, html_plus_css_kb: 60, csv_s: 2 };

/** Resident memory (KB) of each node process below `rootPid` (the portal's web processes and itself), from Linux's /proc. */
export function nodeRss(rootPid: number): Map<number, number> {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      parent.set(Number(name), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      if (/^Name:\s+node/m.test(status)) rss.set(Number(name), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      /* gone meanwhile */
    }
  }
  const below = (pid: number): boolean => pid === rootPid || (parent.has(pid) && pid > 1 && below(parent.get(pid)!));
  return new Map([...rss].filter(([pid]) => below(pid)));
}

/** One download read to its end: seconds, bytes, lines, and the largest resident memory of any portal node process meanwhile (MB). */
export async function download(portal: number, url: string, cookie: string) {
  const before = nodeRss(portal);
  let peak = new Map(before);
  const sampler = setInterval(() => {
    for (const [pid, kb] of nodeRss(portal)) peak.set(pid, Math.max(kb, peak.get(pid) ?? 0));
  }, 10);
  const started = performance.now();
  const { bytes, lines, status } = await new Promise<{ bytes: number; lines: number; status: number }>((resolve, reject) => {
    const u = new URL(url);
    http.get({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: { cookie } }, (res) => {
      let n = 0, newlines = 0;
      res.on("data", (chunk: Buffer) => {
        n += chunk.length;
        for (const b of chunk) if (b === 10) newlines++;
      });
      res.on("end", () => resolve({ bytes: n, lines: newlines, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    }).on("error", reject);
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = new Map([...peak].filter(([pid]) => before.has(pid)));
  const growth = Math.max(...[...peak].map(([pid, kb]) => kb - (before.get(pid) ?? kb)));
  const mb = (kb: number) => +(kb / 1024).toFixed(1);
  return {
    status, seconds: +seconds.toFixed(2), bytes, lines,
    rss_before_mb: mb(Math.max(...before.values())), rss_peak_mb: mb(Math.max(...peak.values())), rss_growth_mb: mb(growth),
  };
}

/** The staff list's measured pages on the bench data: unfiltered, three filters, a late page sorted by applicant, and one application's staff screen. */
export async function staffPages(db: Db): Promise<[name: string, url: string][]> {
  // Three filters: the call under evaluation, its applications under evaluation, at one of its infrastructures.
  const call = await db.selectFrom("applications").select(["call_id"]).where("status", "=", "under-evaluation").groupBy("call_id").orderBy((eb) => eb.fn.countAll(), "desc").executeTakeFirstOrThrow();
  const infra = await db.selectFrom("application_infrastructures as ai").innerJoin("applications as a", "a.id", "ai.application_id").select("ai.infrastructure_id")
    .where("a.call_id", "=", call.call_id).groupBy("ai.infrastructure_id").orderBy((eb) => eb.fn.countAll(), "desc").executeTakeFirstOrThrow();
  const filtered = `/admin/application?status%5B%5D=under-evaluation&call_id%5B%5D=${call.call_id}&infrastructure%5B%5D=${infra.infrastructure_id}`;
  // The staff screen of one application under evaluation, with its evaluators and watchdog (docs/lifecycle.md#history).
  const one = await db.selectFrom("applications").select("id").where("status", "=", "under-evaluation").orderBy("id").executeTakeFirstOrThrow();
  return [
    ["unfiltered", "/admin/application"], ["three filters", filtered], ["sorted by applicant, page 50", "/admin/application?sort_by=applicant&order=asc&page=50"],
    ["one application", `/admin/application/${one.id}`],
  ];
}

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    const cookie = await signIn(BASE, "editor");
    const pages = [];
    for (const [name, url] of await staffPages(db)) {
      const weight = await pageWeight(BASE, url, cookie);
      const target = { url: `${BASE}${url}`, cookie: `cookie_consent=accepted; ${cookie}` };
      await load(target, 1);
      const got = await measured(portal.pid!, () => load(target, SECONDS));
      const row = {
        page: name, url, ...got,
        status: weight.status, html_plus_css_kb: weight.html_plus_css_kb, js_gzip_kb: weight.js_gzip_kb,
        // The weight budget is the list's (docs/budgets.md#weight: the list with JS off under 60 KB); the staff screen of one application is weighed, not budgeted.
        within_budget: weight.status === 200 && got.errors === 0 && got.median_ms < BUDGET.p50_ms && got.p95_ms < BUDGET.p95_ms && (name === "one application" || weight.html_plus_css_kb < BUDGET.html_plus_css_kb),
      };
      console.error(`${name}: p50 ${got.median_ms} ms, p95 ${got.p95_ms} ms, ${got.req_per_s} req/s, HTML+CSS ${weight.html_plus_css_kb} KB${got.errors ? `, ${got.errors} errors` : ""}`);
      pages.push(row);
    }

    const all = await db.selectFrom("applications").select((eb) => eb.fn.countAll<number>().as("n")).where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const csv = await download(portal.pid!, `${BASE}/admin/application/export?export=csv`, cookie);
    const xlsx = await download(portal.pid!, `${BASE}/admin/application/export?export=xlsx`, cookie);
    const exportReport = {
      rows: Number(all.n),
      csv: { ...csv, within_budget: csv.status === 200 && csv.lines === Number(all.n) + 1 && csv.seconds < BUDGET.csv_s },
      xlsx,
    };
    console.error(`CSV of ${all.n} rows: ${csv.seconds} s, ${(csv.bytes / 1e6).toFixed(1)} MB, ${csv.lines} lines, web process RSS ${csv.rss_before_mb} → peak ${csv.rss_peak_mb} MB (+${csv.rss_growth_mb})`);
    console.error(`XLSX: ${xlsx.seconds} s, ${(xlsx.bytes / 1e6).toFixed(1)} MB, RSS peak ${xlsx.rss_peak_mb} MB (+${xlsx.rss_growth_mb})`);

    const report = {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY), concurrency: CONCURRENCY, seconds_per_measurement: SECONDS, budget: BUDGET, data, pages, export: exportReport,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/admin-list-latest.json"), JSON.stringify(report, null, 2));
    console.table(pages.map(({ page, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget }) => ({
      page, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget,
    })));
    console.log(JSON.stringify({ export: exportReport, load_average: report.load_average }, null, 2));
    if (pages.some((p) => p.errors || p.status !== 200) || csv.status !== 200 || xlsx.status !== 200) process.exitCode = 1;
  } finally {
    await close();
  }
}
