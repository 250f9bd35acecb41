// Benchmarks (docs/budgets.md): page weight of /call, start-up time, and the cost
// of the main pages and endpoints measured against a minimal Remix 2 page
// (bench/minimal: a root and a 20-item list, no loader) served by the same
// server (server/worker.ts) in the same run, with 10 concurrent clients on
// loopback. Ratios are the portal's throughput ÷ the minimal page's, and (as
// `cpu_ratio`) the minimal page's CPU time per request ÷ the portal's web
// process's, which the load of a shared machine disturbs far less.
//
// Usage: npm run bench   (writes bench/results/latest.json)
//        npm run bench -- wizard   (the application wizard's steps on 10k applications: bench/wizard.ts)
//        npm run bench -- admin-list   (the staff list of applications and its downloads on 10k: bench/admin-list.ts)
//        npm run bench -- grant-letter   (the grant letter PDF on 10k: bench/grant-letter.ts)
//        npm run bench -- application-pdf   (the application as a PDF on 10k: bench/application-pdf.ts)
//        npm run bench -- dossier-zip   (an application's dossier zip with 50 MB of files: bench/dossier-zip.ts)
//        npm run bench -- at-my-ri   (Applications at my RI for the manager of a large infrastructure on 10k: bench/at-my-ri.ts)
//        npm run bench -- recommendation   (the panel recommendation of a call with 500 applications on 10k: bench/recommendation.ts)
//        npm run bench -- stats   (the statistics screens, their XLSX downloads and the staff list on 10k or 100k: bench/stats.ts)
//        npm run bench -- scale   (one instance against two on one external PostgreSQL, 10k: bench/scale.ts)
//        npm run bench -- soak   (50 users for 10 minutes on a mixed read/write load: bench/soak.ts)
//        npx tsx bench/compare.ts '<path> [user]' …   (a commit against the working tree, side by side: bench/compare.ts)
//   BENCH_APPLICATIONS=<n>: the pages above are measured on n generated
//   applications (bench/data.ts) besides the demo's, BENCH_DATA_DIR=<folder>
//   keeps that database between runs (bench/data.ts#portalWithApplications);
//   BENCH_ONLY=<regular expression>: only the targets whose name matches it.
//   BENCH_CPU_PROF=<folder> (the 10k benches): the portal's web process writes a
//   CPU profile of the whole run there (node --cpu-prof).
//   BENCH_PORT (3200: portal; +1 its identity provider; +2 the minimal page)
//   BENCH_WARM_UP_SECONDS (10): each target's load before the first round;
//   BENCH_SECONDS (4) per measurement, BENCH_ROUNDS (3): every round measures
//   each target right after the minimal page, and the report gives medians over
//   the rounds (the ratio: the median of each round's ratio), which tames a busy
//   machine. BENCH_WEB_CONCURRENCY (1): the portal's web processes; one process
//   against the minimal page's one for the ratio.
//
// The sources are copied into a temporary folder and built there (as the e2e
// harness does), so a build run by someone else meanwhile changes nothing here.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../app/db/database.server";
import { applicationsIn } from "./data";
import { STATS_SCREENS } from "./stats-screens";
import { apiAuthorization, buildCopy, CONCURRENCY, cpuByCommand, freePort, cpuSpent, load, median, pageWeight as weightAt, repo, signIn, startMinimal, startPortal, stopped, waitFor, type Sample } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const MINIMAL_PORT = PORT + 2;
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_UP_SECONDS = Math.min(1, SECONDS);
/**
 * V8 optimises a page's code over its first seconds under load: from a cold
 * start, the dashboard cost 3.4 ms of CPU per request in its first 4 s, 2.3 in
 * the next 4 and 1.9 from then on, the minimal page 1.3, then 0.75
 * (docs/budgets.md#page-cost). Each target is loaded this long once before the
 * rounds, so that they measure the server as it runs, not as it starts.
 */
const FIRST_WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY ?? "1";
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 0);
const ONLY = new RegExp(process.env.BENCH_ONLY ?? "");
/** docs/budgets.md#page-cost: a public page at least 60 % of the minimal page's throughput, a signed-in one 40 %. */
const BUDGET = { public: 0.6, "signed-in": 0.4 } as const;
/** A search no demo record matches. */
const NO_MATCH = "no%20record%20has%20this%20name";

interface Target {
  name: string;
  url: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** The budget it is held to; none for the reference and the API. */
  kind?: keyof typeof BUDGET;
  /** The process whose tree serves it: its CPU time is counted. */
  server: ChildProcess;
}

interface Measured extends Sample {
  /** CPU time of the web process(es) per request (node), and of PostgreSQL (the portal's). */
  cpu_ms_per_request: number;
  db_cpu_ms_per_request: number;
}

async function measure(target: Target, seconds: number): Promise<Measured> {
  const before = cpuByCommand(target.server.pid!);
  const sample = await load(target, seconds);
  const spent = cpuSpent(before, cpuByCommand(target.server.pid!));
  const perRequest = (ms = 0) => +(ms / Math.max(1, sample.requests)).toFixed(2);
  return { ...sample, cpu_ms_per_request: perRequest(spent.node), db_cpu_ms_per_request: perRequest(spent.postgres) };
}

const pageWeight = (pathname: string, cookie = "") => weightAt(BASE, pathname, cookie);

async function main() {
  const { root, remove } = buildCopy();
  const children: ChildProcess[] = [];
  try {
    const pgPort = await freePort();
    const kept = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
    const dataDir = kept ?? path.join(root, "data");
    const portal = startPortal(root, PORT, { WEB_CONCURRENCY, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    children.push(portal);
    const minimal = startMinimal(root, MINIMAL_PORT);
    children.push(minimal);
    const startMs = await waitFor(`${BASE}/api/health`, kept ? 900_000 : 120_000);
    await waitFor(`http://localhost:${MINIMAL_PORT}/`, 30_000);
    let data;
    if (APPLICATIONS) {
      const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/portal`, 4);
      data = await applicationsIn(db, APPLICATIONS, kept).finally(() => db.destroy());
    }
    const weight = await pageWeight("/call");
    const admin = await signIn(BASE, "admin");
    const weightSettings = await pageWeight("/admin/settings", admin);
    const applicant = await signIn(BASE, "applicant");
    const [editor, evaluator] = [await signIn(BASE, "editor"), await signIn(BASE, "evaluator")];
    const authorization = await apiAuthorization(dataDir, PORT, "admin");

    const reference: Target = { name: "minimal Remix page", url: `http://localhost:${MINIMAL_PORT}/`, server: minimal };
    const all: Target[] = [
      { name: "open calls (signed out)", url: `${BASE}/call`, kind: "public", server: portal },
      { name: "home (signed out)", url: `${BASE}/`, kind: "public", server: portal },
      // The same pages rendered afresh for each request (a hard reload's no-cache skips the public page cache, ADR 031): what a page costs to make.
      { name: "open calls (signed out, rendered)", url: `${BASE}/call`, headers: { "cache-control": "no-cache" }, kind: "public", server: portal },
      { name: "home (signed out, rendered)", url: `${BASE}/`, headers: { "cache-control": "no-cache" }, kind: "public", server: portal },
      { name: "home dashboard (applicant)", url: `${BASE}/`, cookie: applicant, kind: "signed-in", server: portal },
      { name: "settings form (admin)", url: `${BASE}/admin/settings`, cookie: admin, kind: "signed-in", server: portal },
      // Its largest section (docs/decisions/056-settings-sections.md).
      { name: "settings form, calls section (admin)", url: `${BASE}/admin/settings?section=calls`, cookie: admin, kind: "signed-in", server: portal },
      // The other screens each role opens most: every signed-in page has the 40 % budget.
      { name: "my applications (applicant)", url: `${BASE}/application`, cookie: applicant, kind: "signed-in", server: portal },
      { name: "notifications (applicant)", url: `${BASE}/notifications`, cookie: applicant, kind: "signed-in", server: portal },
      { name: "profile (applicant)", url: `${BASE}/profile`, cookie: applicant, kind: "signed-in", server: portal },
      { name: "my evaluations (evaluator)", url: `${BASE}/my-evaluations`, cookie: evaluator, kind: "signed-in", server: portal },
      { name: "staff screen (editor)", url: `${BASE}/admin/application/22`, cookie: editor, kind: "signed-in", server: portal },
      // Each list with its demo rows, then with a search that matches nothing: what its frame costs before any row (docs/decisions/059-page-cost-of-list-and-record-screens.md).
      ...(
        [
          ["staff list", "/admin/application", editor, "editor"],
          ["calls list", "/admin/call", editor, "editor"],
          ["users list", "/admin/users", admin, "admin"],
        ] as const
      ).flatMap(([name, pathname, cookie, role]): Target[] => [
        { name: `${name} (${role})`, url: `${BASE}${pathname}`, cookie, kind: "signed-in", server: portal },
        { name: `${name}, no rows (${role})`, url: `${BASE}${pathname}?q=${NO_MATCH}`, cookie, kind: "signed-in", server: portal },
      ]),
      // The statistics: each screen and its API endpoint (bench/stats-screens.ts), aggregates at request time over the demo's applications (and BENCH_APPLICATIONS').
      ...STATS_SCREENS.flatMap((s): Target[] => [
        { name: `${s.name} (admin)`, url: `${BASE}${s.page}`, cookie: admin, kind: "signed-in", server: portal },
        ...(s.api ? [{ name: `API ${s.api.replace(/^\/api\//, "")}`, url: `${BASE}${s.api}`, headers: { authorization }, server: portal }] : []),
      ]),
      { name: "API calls/opened", url: `${BASE}/api/calls/opened`, server: portal },
      { name: "API health", url: `${BASE}/api/health`, server: portal },
    ];
    const targets = all.filter((t) => ONLY.test(t.name));
    // The reference is measured right before each target, and the ratios taken
    // against that neighbour: the load others put on the machine drifts. Two
    // ratios: of throughput (what docs/budgets.md#page-cost budgets), and of the web
    // process's CPU time per request (minimal ÷ portal), which a busy machine
    // disturbs far less and which throughput follows when the web process is
    // the bottleneck, as with one web process on two cores.
    const samples = new Map<Target, Measured[]>([reference, ...targets].map((t) => [t, []]));
    const ratios = new Map<Target, { throughput: number; cpu: number }[]>(targets.map((t) => [t, []]));
    for (const t of [reference, ...targets]) await load(t, FIRST_WARM_UP_SECONDS);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const pair: Measured[] = [];
        for (const t of [reference, target]) {
          await load(t, WARM_UP_SECONDS);
          const sample = await measure(t, SECONDS);
          samples.get(t)!.push(sample);
          pair.push(sample);
        }
        const [ref, got] = pair;
        ratios.get(target)!.push({ throughput: got.req_per_s / ref.req_per_s, cpu: got.cpu_ms_per_request ? ref.cpu_ms_per_request / got.cpu_ms_per_request : NaN });
        console.error(
          `round ${round}/${ROUNDS}  ${target.name}: ${got.req_per_s} req/s, ${got.cpu_ms_per_request} ms CPU/request` +
            ` (minimal page ${ref.req_per_s} req/s, ${ref.cpu_ms_per_request} ms)${got.errors ? `, ${got.errors} errors` : ""}`,
        );
      }
    }

    const round2 = (x: number) => +x.toFixed(2);
    const results = [reference, ...targets].map((t) => {
      const s = samples.get(t)!;
      const r = ratios.get(t);
      const ratio = r ? median(r.map((x) => x.throughput)) : 1;
      return {
        name: t.name,
        path: new URL(t.url).pathname,
        req_per_s: median(s.map((x) => x.req_per_s)),
        ratio: round2(ratio),
        cpu_ratio: r ? round2(median(r.map((x) => x.cpu))) : 1,
        budget: t.kind ? BUDGET[t.kind] : null,
        within_budget: t.kind ? ratio >= BUDGET[t.kind] : null,
        cpu_ms_per_request: median(s.map((x) => x.cpu_ms_per_request)),
        db_cpu_ms_per_request: median(s.map((x) => x.db_cpu_ms_per_request)),
        median_ms: median(s.map((x) => x.median_ms)),
        p95_ms: median(s.map((x) => x.p95_ms)),
        requests: s.reduce((n, x) => n + x.requests, 0),
        errors: s.reduce((n, x) => n + x.errors, 0),
        req_per_s_rounds: s.map((x) => x.req_per_s),
        ratio_rounds: r ? r.map((x) => round2(x.throughput)) : null,
        cpu_ratio_rounds: r ? r.map((x) => round2(x.cpu)) : null,
      };
    });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load_average: os.loadavg().map(round2),
      web_concurrency: Number(WEB_CONCURRENCY),
      concurrency: CONCURRENCY,
      seconds_per_measurement: SECONDS,
      rounds: ROUNDS,
      start_ms_first_run: startMs,
      weight_call: weight,
      weight_settings: weightSettings,
      data,
      results,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/latest.json"), JSON.stringify(report, null, 2));
    console.log(JSON.stringify({ start_ms_first_run: startMs, weight_call: weight, weight_settings: weightSettings, load_average: report.load_average }, null, 2));
    console.table(results.map(({ req_per_s_rounds: _r, ratio_rounds: _q, cpu_ratio_rounds: _c, requests: _n, ...r }) => r));
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await Promise.all(children.map(stopped));
    remove();
  }
}

// A scenario named on the command line runs instead of the pages above.
const SCENARIOS: Record<string, () => Promise<{ main: () => Promise<void> }>> = {
  wizard: () => import("./wizard"),
  "admin-list": () => import("./admin-list"),
  "grant-letter": () => import("./grant-letter"),
  "application-pdf": () => import("./application-pdf"),
  "dossier-zip": () => import("./dossier-zip"),
  "at-my-ri": () => import("./at-my-ri"),
  recommendation: () => import("./recommendation"),
  stats: () => import("./stats"),
  scale: () => import("./scale"),
  soak: () => import("./soak"),
};
const scenario = process.argv[2];
(scenario ? SCENARIOS[scenario]?.().then((m) => m.main()) ?? Promise.reject(new Error(`no bench scenario ${scenario}`)) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
