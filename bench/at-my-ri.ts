// `npm run bench -- at-my-ri`: /application-at-my-ri (docs/budgets.md#speed) on 10 000
// applications (bench/data.ts; BENCH_APPLICATIONS for another count), signed
// in as the demo manager made manager of the bench infrastructure with the
// most requests, 10 concurrent clients: the list unfiltered, with a decision
// to make (ri_status=pending) and on a later page, and one application's
// decisions (/application-at-my-ri/{id}): p50 < 50 ms, p95 < 100 ms.
//
// Before measuring, the bench data gets what the intake would have written:
// has_eligible_accesses from the accesses' eligibility, and half of the
// decisions of applications past evaluation made.
//
// Writes bench/results/at-my-ri-latest.json. BENCH_PORT (3240),
// BENCH_SECONDS (4) per measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { portalWithApplications } from "./data";
import { CONCURRENCY, load, measured, pageWeight, repo, signIn, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p50_ms: 50, p95_ms: 100 };

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    await sql`
      update application_infrastructures ai set has_eligible_accesses = exists (select 1 from accesses a where a.application_infrastructure_id = ai.id and a.eligible)
      where ai.infrastructure_id in (select id from infrastructures where name like 'Bench %')`.execute(db);
    await sql`
      update application_infrastructures ai set sm_accepted = true, sm_units = 3, sm_participants = 2, sm_budget = 1000, sm_justification = 'Bench', sm_decided_at = now()
      from applications a where a.id = ai.application_id and ai.has_eligible_accesses and a.status <> 'under-evaluation' and ai.id % 2 = 0`.execute(db);
    const big = await db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select(["ai.infrastructure_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("i.name", "like", "Bench %")
      .groupBy("ai.infrastructure_id")
      .orderBy("n", "desc")
      .executeTakeFirstOrThrow();
    const manager = await db.selectFrom("users").select("id").where("sub", "=", "demo-infrastructure-manager").executeTakeFirstOrThrow();
    await db.updateTable("infrastructures").set({ manager_id: manager.id }).where("id", "=", big.infrastructure_id).execute();
    await sql`analyze application_infrastructures`.execute(db);
    const one = await db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("applications as a", "a.id", "ai.application_id")
      .select("a.id")
      .where("ai.infrastructure_id", "=", big.infrastructure_id)
      .where("a.status", "=", "under-evaluation")
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const cookie = await signIn(BASE, "infrastructure-manager");
    const pages = [];
    for (const [name, url] of [
      ["unfiltered", "/application-at-my-ri"],
      ["decision to make", "/application-at-my-ri?ri_status=pending"],
      ["page 20", "/application-at-my-ri?page=20"],
      ["one application", `/application-at-my-ri/${one.id}`],
    ]) {
      const weight = await pageWeight(BASE, url, cookie);
      const target = { url: `${BASE}${url}`, cookie: `cookie_consent=accepted; ${cookie}` };
      await load(target, 1);
      const got = await measured(portal.pid!, () => load(target, SECONDS));
      const row = {
        page: name, url, ...got, status: weight.status, html_plus_css_kb: weight.html_plus_css_kb,
        within_budget: weight.status === 200 && got.errors === 0 && got.median_ms < BUDGET.p50_ms && got.p95_ms < BUDGET.p95_ms,
      };
      console.error(`${name}: p50 ${got.median_ms} ms, p95 ${got.p95_ms} ms, ${got.req_per_s} req/s${got.errors ? `, ${got.errors} errors` : ""}`);
      pages.push(row);
    }
    const report = {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY), concurrency: CONCURRENCY, seconds_per_measurement: SECONDS, budget: BUDGET, data,
      infrastructure: { id: big.infrastructure_id, application_infrastructures: Number(big.n) }, pages,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/at-my-ri-latest.json"), JSON.stringify(report, null, 2));
    console.table(pages.map(({ page, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget }) => ({
      page, median_ms, p95_ms, req_per_s, cpu_ms_per_request, db_cpu_ms_per_request, html_plus_css_kb, errors, within_budget,
    })));
    if (pages.some((p) => p.errors || p.status !== 200)) process.exitCode = 1;
  } finally {
    await close();
  }
}
