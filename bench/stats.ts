// `npm run bench -- stats`: the statistics screens (bench/stats-screens.ts) and
// the staff list on 10 000 applications (bench/data.ts; BENCH_APPLICATIONS=100000
// for the large programme, BENCH_DATA_DIR to keep its database between runs),
// one web process per core (ADR 029), 10 concurrent clients
// (docs/budgets.md#statistics):
// - each screen and its API endpoint, signed in as the demo admin: p50 < 300 ms, p95 < 600 ms;
// - each screen's XLSX download and the staff list's (the largest table: every
//   application), timed and held to 5 s, with the web process's memory growth;
// - the staff list (unfiltered, three filters, a late page) and one
//   application's staff screen, as the demo editor: their p50 < 50 ms, p95 < 100 ms.
//
// Writes bench/results/stats-latest.json. BENCH_PORT (3260), BENCH_SECONDS (4) per
// measurement, BENCH_ONLY=<regular expression>: only the screens whose name matches
// it (and then neither the staff list nor its download).
import os from "node:os";
import { download, staffPages } from "./admin-list";
import { portalWithApplications } from "./data";
import { STATS_SCREENS } from "./stats-screens";
import { apiAuthorization, CONCURRENCY, measurePages, signIn, WEB_CONCURRENCY, writeReport } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3260);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p50_ms: 300, p95_ms: 600, xlsx_s: 5 };
const LIST_BUDGET = { p50_ms: 50, p95_ms: 100 };
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const SCREENS = STATS_SCREENS.filter((s) => !ONLY || ONLY.test(s.name));

export async function main() {
  const { portal, db, data, dataDir, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    const admin = await signIn(BASE, "admin");
    const editor = await signIn(BASE, "editor");
    const authorization = await apiAuthorization(dataDir, PORT, "admin");
    const screens = SCREENS.flatMap((s): [string, string, Record<string, string>?][] => [[s.name, s.page], ...(s.api ? [[`API ${s.name}`, s.api, { authorization }] as [string, string, Record<string, string>]] : [])]);
    const stats = await measurePages(BASE, portal.pid!, admin, screens, SECONDS, BUDGET);
    const staff = ONLY ? [] : await measurePages(BASE, portal.pid!, editor, await staffPages(db), SECONDS, LIST_BUDGET);

    const downloads = [];
    for (const [name, url, cookie] of [
      ...SCREENS.filter((s) => s.xlsx).map((s) => [s.name, s.xlsx!, admin]),
      ...(ONLY ? [] : [["staff list (every application)", "/admin/application/export?export=xlsx", editor]]),
    ]) {
      const got = await download(portal.pid!, `${BASE}${url}`, cookie);
      downloads.push({ download: name, url, ...got, within_budget: got.status === 200 && got.seconds < BUDGET.xlsx_s });
      console.error(`XLSX ${name}: ${got.seconds} s, ${(got.bytes / 1e6).toFixed(2)} MB, RSS +${got.rss_growth_mb} MB`);
    }
    console.table(downloads.map(({ download: d, seconds, bytes, rss_growth_mb, status, within_budget }) => ({ download: d, seconds, bytes, rss_growth_mb, status, within_budget })));
    writeReport("stats", {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY), concurrency: CONCURRENCY, seconds_per_measurement: SECONDS, budget: BUDGET, list_budget: LIST_BUDGET, data, downloads,
    }, [...stats, ...staff]);
    if (downloads.some((d) => d.status !== 200)) process.exitCode = 1;
  } finally {
    await close();
  }
}
