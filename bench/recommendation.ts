// `npx tsx bench/recommendation.ts`: the panel recommendation screen (docs/budgets.md#speed) of a call with 500 evaluated applications, on the 10 000
// applications of bench/data.ts (BENCH_APPLICATIONS for another count),
// signed in as the demo editor, 10 concurrent clients: the editor's screen
// /admin/application/{id}/recommendation (form, scores, the window of the
// call's ranking of 500 by mean score), the panel's /panel/{id}, and the
// call's whole ranking (/panel?call_id=):
// p50 < 50 ms, p95 < 100 ms.
//
// Before measuring, one call is given exactly 500 applications under
// evaluation or later (surplus ones move to another call, missing ones come
// from others), every submitted evaluation of them gets scores on the four
// default criteria, and their infrastructures has_eligible_accesses.
//
// Writes bench/results/recommendation-latest.json. BENCH_PORT (3260),
// BENCH_SECONDS (4) per measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { RANKED_STATUSES } from "~/domain/recommendation/read.server";
import { portalWithApplications } from "./data";
import { CONCURRENCY, measurePages, signIn, writeReport, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3260);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const PER_CALL = 500;
const BUDGET = { p50_ms: 50, p95_ms: 100 };
const ranked = [...RANKED_STATUSES];

/** One call with exactly PER_CALL ranked applications, scored; answers the call and one of its applications under evaluation. */
async function callOf500(db: Db) {
  const counts = await db
    .selectFrom("applications")
    .select(["call_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("status", "in", ranked)
    .where("deleted_at", "is", null)
    .groupBy("call_id")
    .orderBy("n", "desc")
    .execute();
  const [target, other] = counts;
  const n = Number(target.n);
  if (n > PER_CALL) {
    await sql`update applications set call_id = ${other.call_id} where id in (
      select id from applications where call_id = ${target.call_id} and status in (${sql.join(ranked)}) and deleted_at is null order by id desc limit ${n - PER_CALL})`.execute(db);
  } else if (n < PER_CALL) {
    await sql`update applications set call_id = ${target.call_id} where id in (
      select id from applications where call_id <> ${target.call_id} and status in (${sql.join(ranked)}) and deleted_at is null order by id limit ${PER_CALL - n})`.execute(db);
  }
  // Scores on the default criteria, 1 to 5 by a fixed rule, for every submitted evaluation of the call.
  await sql`
    update application_reviewers r set scores = (
      select jsonb_object_agg(c.id::text, jsonb_build_object('score', 1 + ((r.id + c.id) % 5), 'justification', 'Bench'))
      from criteria c where c.key is not null)
    from applications a where a.id = r.application_id and a.call_id = ${target.call_id} and r.role = 'evaluator' and r.state = 'submitted'`.execute(db);
  // The mean scores the ranking reads follow by themselves (migration 0021's triggers).
  await sql`
    update application_infrastructures ai set has_eligible_accesses = exists (select 1 from accesses x where x.application_infrastructure_id = ai.id and x.eligible)
    from applications a where a.id = ai.application_id and a.call_id = ${target.call_id}`.execute(db);
  await sql`analyze applications, application_reviewers, application_infrastructures`.execute(db);
  const one = await db
    .selectFrom("applications")
    .select("id")
    .where("call_id", "=", target.call_id)
    .where("status", "=", "under-evaluation")
    .where("deleted_at", "is", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const check = await db
    .selectFrom("applications as a")
    .select([
      (eb) => eb.fn.countAll<string>().as("applications"),
      sql<string>`(select count(*) from application_reviewers r join applications b on b.id = r.application_id where b.call_id = ${target.call_id} and r.role = 'evaluator' and r.state = 'submitted')`.as("submitted_evaluations"),
    ])
    .where("a.call_id", "=", target.call_id)
    .where("a.status", "in", ranked)
    .where("a.deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return { call_id: target.call_id, application_id: one.id, applications: Number(check.applications), submitted_evaluations: Number(check.submitted_evaluations) };
}

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    const call = await callOf500(db);
    console.error(`call ${call.call_id}: ${call.applications} evaluated applications, ${call.submitted_evaluations} submitted evaluations`);
    const cookie = await signIn(BASE, "editor");
    const pages = await measurePages(BASE, portal.pid!, cookie, [
      ["editor's recommendation screen", `/admin/application/${call.application_id}/recommendation`],
      ["panel's read-only screen", `/panel/${call.application_id}`],
      ["panel's list of the call", `/panel?call_id=${call.call_id}`],
    ], SECONDS, BUDGET);
    writeReport("recommendation", {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY), concurrency: CONCURRENCY, seconds_per_measurement: SECONDS, budget: BUDGET, data, call,
    }, pages);
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
