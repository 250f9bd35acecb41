// `npm run bench -- scale`: how the portal scales out (docs/budgets.md#scale-out,
// docs/operations.md#several-instances). One external PostgreSQL (Debian's, as
// tests/api/two-portals.test.ts starts it) holds the bench data (bench/data.ts,
// BENCH_APPLICATIONS, 10 000 by default); two portal instances run against it
// (A with the development identity provider, B pointed at it, the same
// SESSION_SECRET and PORTAL_URL, as two replicas behind a load balancer).
// The heaviest pages, as in bench/admin-list.ts and bench/wizard.ts (the staff
// list unfiltered and with three filters, an application's staff screen, the
// wizard's Project save without JavaScript), are loaded by 10 clients sent to
// A alone, then, right after, spread over A and B (round robin: client i goes
// to instance i mod 2). The report gives each one's throughput, the ratio
// two ÷ one, and p50/p95 against the budgets (p50 < 50 ms, p95 < 100 ms).
//
// Each instance runs BENCH_WEB_CONCURRENCY web processes (1 by default: on a
// 2-core machine one instance with one process per core already uses every
// core, and the ratio would only measure the machine). PostgreSQL and the load
// generator share the same cores: on one machine the ratio is a floor of what
// two machines give.
//
// Writes bench/results/scale-latest.json. BENCH_PORT (3500: A; +1 its identity
// provider; +2 B), BENCH_SECONDS (6) per measurement, BENCH_ROUNDS (1).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../app/db/database.server";
import { startDebianPostgres } from "../tests/support/debian-postgres";
import { staffPages } from "./admin-list";
import { applicationsIn } from "./data";
import { buildCopy, CONCURRENCY, cpuByCommand, cpuSpent, load, median, repo, signIn, startPortal, stopped, waitFor, type Sample } from "./support";
import { draftCopies, loadSaves } from "./wizard";

const PORT = Number(process.env.BENCH_PORT ?? 3500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY ?? "1";
const BUDGET = { p50_ms: 50, p95_ms: 100 };
const A = `http://localhost:${PORT}`;
const B = `http://localhost:${PORT + 2}`;

export async function main() {
  const { root, remove } = buildCopy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-bench-scale-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    const postgres = await startDebianPostgres(dir);
    stops.push(postgres.stop);
    const shared = {
      DATABASE_URL: postgres.url, SESSION_SECRET: crypto.randomBytes(32).toString("hex"), PORTAL_URL: A,
      WEB_CONCURRENCY, WEB_STANDBY: "off",
    };
    const a = startPortal(root, PORT, { ...shared, DATA_DIR: path.join(dir, "a"), DEMO_DATA: "true" });
    stops.unshift(() => stopped(a));
    await waitFor(`${A}/api/health`, 240_000);
    const b = startPortal(root, PORT + 2, {
      ...shared, DATA_DIR: path.join(dir, "b"), DEMO_DATA: "false", IDP_PORT: String(PORT + 3),
      OIDC_ISSUER: `http://localhost:${PORT + 1}`, OIDC_CLIENT_ID: "ta-portal", OIDC_CLIENT_SECRET: "ta-portal-dev-secret",
      OIDC_AUDIENCE: "urn:ta-portal:api", OIDC_RESOURCE: "urn:ta-portal:api",
    });
    stops.unshift(() => stopped(b));
    await waitFor(`${B}/api/health`, 240_000);

    const db = createDb(postgres.url, 4);
    stops.splice(stops.length - 1, 0, () => db.destroy());
    const data = await applicationsIn(db, APPLICATIONS);
    const { copies, project } = await draftCopies(db, CONCURRENCY);
    const editor = `cookie_consent=accepted; ${await signIn(A, "editor")}`;
    const applicant = await signIn(A, "applicant");
    // The session started on A is accepted by B (the same SESSION_SECRET): check it before measuring.
    for (const base of [A, B]) {
      const res = await fetch(`${base}/admin/application`, { headers: { cookie: editor }, redirect: "manual" });
      if (res.status !== 200) throw new Error(`${base}/admin/application answered ${res.status} to the editor's session`);
    }

    type Run = (bases: string[], seconds: number) => Promise<Sample>;
    const targets: { name: string; url: string; run: Run }[] = [
      ...(await staffPages(db)).map(([name, url]) => ({
        name: `staff list: ${name}`.replace("staff list: one application", "staff screen of one application"), url,
        run: (bases: string[], seconds: number) => load({ url: bases.map((x) => `${x}${url}`), cookie: editor }, seconds),
      })),
      {
        name: "wizard: Project save (JS off)", url: "POST /application/{id}/update/project",
        run: async (bases: string[], seconds: number) => {
          // Each client saves its own copy with the version the database holds now.
          const fresh = await db.selectFrom("applications").select(["id", "updated_at"]).where("id", "in", copies.map((c) => c.id)).orderBy("id").execute();
          return loadSaves(fresh.map((c) => ({ id: c.id, updated_at: new Date(c.updated_at).toISOString() })), project, applicant, seconds, bases);
        },
      },
    ];

    // CPU time per request of the web processes (both instances' node processes) and of PostgreSQL: what a busy machine disturbs least.
    const cpuNow = () => {
      const [x, y, z] = [cpuByCommand(a.pid!), cpuByCommand(b.pid!), cpuByCommand(postgres.server.pid!)];
      return new Map([["node", (x.get("node") ?? 0) + (y.get("node") ?? 0)], ["postgres", z.get("postgres") ?? 0]]);
    };
    type Measured = Sample & { cpu_ms_per_request: number; db_cpu_ms_per_request: number };
    const rows = [];
    for (const t of targets) {
      const one: Measured[] = [];
      const two: Measured[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // One, then two right after: the ratio is taken between neighbours, as the load of a shared machine drifts.
        for (const [bases, into] of [[[A], one], [[A, B], two]] as const) {
          await t.run([...bases], Math.min(1, SECONDS));
          const before = cpuNow();
          const sample = await t.run([...bases], SECONDS);
          const spent = cpuSpent(before, cpuNow());
          const per = (ms = 0) => +(ms / Math.max(1, sample.requests)).toFixed(2);
          const got = { ...sample, cpu_ms_per_request: per(spent.node), db_cpu_ms_per_request: per(spent.postgres) };
          into.push(got);
          console.error(`${t.name}, ${bases.length} instance(s): ${got.req_per_s} req/s, p50 ${got.median_ms} ms, p95 ${got.p95_ms} ms${got.errors ? `, ${got.errors} errors` : ""}`);
        }
      }
      const summary = (s: Measured[]) => {
        const r = {
          req_per_s: median(s.map((x) => x.req_per_s)), median_ms: median(s.map((x) => x.median_ms)), p95_ms: median(s.map((x) => x.p95_ms)),
          cpu_ms_per_request: median(s.map((x) => x.cpu_ms_per_request)), db_cpu_ms_per_request: median(s.map((x) => x.db_cpu_ms_per_request)),
          requests: s.reduce((n, x) => n + x.requests, 0), errors: s.reduce((n, x) => n + x.errors, 0),
        };
        return { ...r, within_budget: r.errors === 0 && r.median_ms < BUDGET.p50_ms && r.p95_ms < BUDGET.p95_ms };
      };
      const [o, w] = [summary(one), summary(two)];
      rows.push({ target: t.name, url: t.url, one: o, two: w, ratio: +(w.req_per_s / Math.max(1, o.req_per_s)).toFixed(2), ratio_rounds: one.map((x, i) => +(two[i].req_per_s / Math.max(1, x.req_per_s)).toFixed(2)) });
    }

    const report = {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      postgres: "Debian PostgreSQL 15 (external, DATABASE_URL)", instances: 2, web_concurrency_per_instance: Number(WEB_CONCURRENCY),
      concurrency: CONCURRENCY, seconds_per_measurement: SECONDS, rounds: ROUNDS, budget: BUDGET, data, results: rows,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/scale-latest.json"), JSON.stringify(report, null, 2));
    console.table(rows.map((r) => ({
      target: r.target, "one req/s": r.one.req_per_s, "two req/s": r.two.req_per_s, ratio: r.ratio,
      "one p50/p95": `${r.one.median_ms}/${r.one.p95_ms}`, "two p50/p95": `${r.two.median_ms}/${r.two.p95_ms}`, "CPU ms/req one/two": `${r.one.cpu_ms_per_request}/${r.two.cpu_ms_per_request}`,
      errors: r.one.errors + r.two.errors, "one ok": r.one.within_budget, "two ok": r.two.within_budget,
    })));
    console.log(JSON.stringify({ load_average: report.load_average, data }, null, 2));
    if (rows.some((r) => r.one.errors || r.two.errors)) process.exitCode = 1;
  } finally {
    for (const stop of stops) await stop().catch((err) => console.error(err));
    fs.rmSync(dir, { recursive: true, force: true });
    remove();
  }
}
