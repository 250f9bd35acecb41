// `npm run bench:data -- --applications 10000 [--users 3000]`: fills a
// database with realistic applications (docs/budgets.md#speed) for the
// later screens to be measured on: twelve calls over eleven years (one open,
// one under evaluation, the others through to reports), six infrastructures
// with a season per call, owners spread over generated users, each
// application's draft document with its members, infrastructures, accesses
// and costs, its status history and its appendices (media rows without
// bytes). Statuses follow each call's phase. A submitted application also has
// its infrastructures and accesses as rows (as submitting makes them), and,
// once under evaluation, two or three evaluators from a pool (their state and
// evaluation_complete following the status, the submitted ones scored on the
// default criteria, the application's mean score kept), a watchdog and its
// reviews of the submitted evaluations. Decided applications carry the panel's
// recommendation and the infrastructures' decisions; those in reporting their
// report, reported ones their feedback survey, the infrastructures'
// confirmations of their accesses, their scientific report and final data
// management plan, and their publications (bench/data-reporting.ts).
// Everything goes in through multi-row inserts of 1000 rows (one JSON
// parameter per batch and row shape), a batch generated while the previous
// one is inserted, so memory stays bounded whatever the count.
//
// The database: DATABASE_URL's, else the embedded one of DATA_DIR (./data),
// as `npm start` finds it (stop the portal first: one PostgreSQL per folder).
// It is migrated and seeded as at start-up. A run first removes what an
// earlier run added (users `bench-*`, calls and infrastructures named
// "Bench …"), so the count is what the database then holds.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { createDb, type Db } from "../app/db/database.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../app/db/embedded.server";
import { prepareDatabase } from "../app/db/prepare.server";
import type { ApplicationStatus } from "../app/domain/applications/status";
import { buildCopy, freePort, startPortal, stopped, waitFor } from "./support";
import { accessReportOf, decisionOf, publicationsOf, qualityOf, reportOf, scoresOf } from "./data-reporting";
import { cityOf, COUNTRIES, draftOf, FIRST_NAMES, ORGANIZATIONS, pathTo, randomFrom, SURNAMES, truncated, type CallInfra, type Owner, type Random } from "./data-drafts";

const BATCH = 1000;
/** The statuses an application reaches once evaluators are assigned. */
const EVALUATED = new Set<string>(["under-evaluation", "granted", "rejected", "accepted", "withdrawn", "reporting", "reported", "canceled"]);
const DAY = 864e5;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Inserts `rows` in batches, each one statement per shape reading a JSON
 * array: rows with the same keys go together, so that a column a row leaves
 * out keeps its default (json_populate_recordset would give it null).
 */
async function bulkInsert(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const shapes = new Map<string, Record<string, unknown>[]>();
    for (const row of rows.slice(i, i + BATCH)) {
      const keys = Object.keys(row).sort().join(",");
      const same = shapes.get(keys);
      if (same) same.push(row);
      else shapes.set(keys, [row]);
    }
    for (const [keys, same] of shapes) {
      const cols = sql.join(keys.split(",").map((c) => sql.ref(c)));
      await sql`insert into ${sql.table(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(same)}::json)`.execute(db);
    }
  }
}

/** `n` ids taken from the table's sequence, so that rows can name each other before they are inserted. */
async function ids(db: Db, table: string, n: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`.execute(db);
  return rows.map((r) => r.id);
}

/** What an earlier run added. */
async function removeEarlier(db: Db): Promise<void> {
  const owners = db.selectFrom("users").select("id").where("sub", "like", "bench-%");
  const apps = db.selectFrom("applications").select(sql<string>`id::text`.as("id")).where("user_id", "in", owners);
  await db.deleteFrom("media_links").where("attached_to_type", "=", "application").where("attached_to_id", "in", apps).execute();
  await db.deleteFrom("applications").where("user_id", "in", owners).execute();
  await db.deleteFrom("media").where("user_id", "in", owners).execute();
  await db.deleteFrom("calls").where("title", "like", "Bench call %").execute();
  await db.deleteFrom("infrastructures").where("name", "like", "Bench %").execute();
  await db.deleteFrom("users").where("sub", "like", "bench-%").execute();
}

interface BenchCall {
  id: number;
  open_at: string;
  close_at: string;
  /** Its applications' statuses and their weights. */
  statuses: Partial<Record<ApplicationStatus, number>>;
  weight: number;
  infras: CallInfra[];
}

const PHASES: Partial<Record<ApplicationStatus, number>>[] = [
  { draft: 55, submit: 45 },
  { draft: 10, submit: 10, "not-eligible": 5, "under-evaluation": 70, withdrawn: 5 },
  { draft: 8, "not-eligible": 5, rejected: 30, granted: 3, canceled: 4, accepted: 10, withdrawn: 3, reporting: 12, reported: 25 },
];

/** Six infrastructures and twelve calls a year apart (the newest open today), each with a season at two to four of them. */
async function callsAndInfrastructures(db: Db, r: Random, today: number): Promise<BenchCall[]> {
  const infraIds: number[] = [];
  for (let k = 1; k <= 6; k++) {
    const row = await db
      .insertInto("infrastructures")
      .values({
        name: `Bench infrastructure ${k}`, short_name: `BENCH-${k}`, country: COUNTRIES[k], type: "Research station",
        category: "field-station", cost_calculation: "unit-cost", unit_cost_type: "day", preset_unit_cost: k % 2 === 0, cost_per_unit: k % 2 === 0 ? "350.00" : null,
        actual_cost: k % 2 === 1, description: "Generated by bench/data.ts.",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    infraIds.push(row.id);
  }
  const calls: BenchCall[] = [];
  const periods: { infrastructure_id: number; date_from: string; date_to: string }[] = [];
  for (let k = 0; k < 12; k++) {
    const open = k === 0 ? today - 20 * DAY : today - (365 * (k - 1) + 150) * DAY;
    const close = k === 0 ? today + 40 * DAY : open + 90 * DAY;
    const row = await db
      .insertInto("calls")
      .values({
        title: `Bench call ${new Date(close).getUTCFullYear()} #${12 - k}`, description: "Generated by bench/data.ts.", status: k === 0 ? "open" : "closed",
        open_at: isoDay(open), close_at: isoDay(close), start_at: isoDay(close + 30 * DAY), end_at: isoDay(close + 330 * DAY),
        evaluation_date: isoDay(close + 21 * DAY), evaluation_manager_date: isoDay(close + 28 * DAY), acceptance_date: isoDay(close + 45 * DAY),
        user_report_days: 30, unauthorized_countries: ["KP"], data_management_plan: true, physical_access: true, remote_access: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const season = { date_from: isoDay(close + 60 * DAY), date_to: isoDay(close + 240 * DAY) };
    const chosen = r.some(infraIds, r.int(2, 4));
    periods.push(...chosen.map((infrastructure_id) => ({ infrastructure_id, ...season })));
    await db.insertInto("call_infrastructures").values(chosen.map((infrastructure_id) => ({ call_id: row.id, infrastructure_id }))).execute();
    calls.push({
      id: row.id, open_at: isoDay(open), close_at: isoDay(close), statuses: PHASES[Math.min(k, 2)], weight: k === 0 ? 20 : k === 1 ? 15 : 6.5,
      infras: chosen.map((id) => ({ id, period: season })),
    });
  }
  await db.insertInto("infrastructure_periods").values(periods).execute();
  return calls;
}

export interface FillReport {
  applications: number;
  users: number;
  history_rows: number;
  media_rows: number;
  application_infrastructures: number;
  accesses: number;
  application_reviewers: number;
  watchdog_reviews: number;
  application_reports: number;
  report_events: number;
  publications: number;
  by_status: Record<string, number>;
  seconds: number;
  /** Seconds per phase. */
  phases: Record<string, number>;
}

/** Replaces the bench data of `db` with `count` applications over `users` owners (a third of the count by default). */
export async function fillApplications(db: Db, count: number, opts: { users?: number } = {}): Promise<FillReport> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  let last = started;
  const lap = (name: string) => {
    phases[name] = +((performance.now() - last) / 1000).toFixed(2);
    last = performance.now();
  };
  const r = randomFrom(20261123);
  const today = Date.now();
  await removeEarlier(db);
  lap("remove_earlier");
  const calls = await callsAndInfrastructures(db, r, today);
  const callWeights = Object.fromEntries(calls.map((c, i) => [String(i), c.weight]));

  const userCount = opts.users ?? Math.max(50, Math.round(count / 3));
  const userIds = await ids(db, "users", userCount);
  const owners: Owner[] = userIds.map((id, i) => {
    const [name, surname, country] = [r.pick(FIRST_NAMES), r.pick(SURNAMES), r.pick(COUNTRIES)];
    return { id, email: `bench.user${i + 1}@bench.example.org`, name, surname, country, organization: `${r.pick(ORGANIZATIONS)} of ${cityOf(country)}` };
  });
  await bulkInsert(db, "users", owners.map((o, i) => ({
    id: o.id, sub: `bench-${i + 1}`, email: o.email, name: o.name, surname: o.surname, display_name: `${o.name} ${o.surname}`,
    nationality: o.country, organization_name: o.organization, organization_country: o.country, groups: [],
  })));
  await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.sub like 'bench-%' and r.name = 'applicant'`.execute(db);
  // The reviewers' pool: evaluators and watchdogs.
  const reviewerIds = await ids(db, "users", 40);
  await bulkInsert(db, "users", reviewerIds.map((id, i) => ({
    id, sub: `bench-reviewer-${i + 1}`, email: `bench.reviewer${i + 1}@bench.example.org`, name: r.pick(FIRST_NAMES), surname: r.pick(SURNAMES),
    display_name: `Reviewer ${i + 1}`, groups: [],
  })));
  const [evaluators, watchdogs] = [reviewerIds.slice(0, 32), reviewerIds.slice(32)];
  await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
    where u.sub like 'bench-reviewer-%' and r.name = case when u.id = any(${watchdogs}) then 'watchdog' else 'evaluator' end`.execute(db);
  lap("calls_and_users");

  const appIds = await ids(db, "applications", count);
  const byStatus: Record<string, number> = {};
  let historyRows = 0, mediaRows = 0;
  const counts = { application_infrastructures: 0, accesses: 0, application_reviewers: 0, watchdog_reviews: 0, application_reports: 0, report_events: 0, publications: 0 };
  const [evaluatorIds, watchdogIds] = [evaluators, watchdogs];
  const at = (ms: number) => new Date(Math.floor(ms)).toISOString();
  // The bench calls choose no criteria: their evaluations score the defaults (app/domain/reviews/criteria.server.ts).
  const criteria = (await db.selectFrom("criteria").select("id").where("key", "is not", null).where("deleted_at", "is", null).orderBy("position").execute()).map((c) => c.id);
  const thisYear = new Date(today).getUTCFullYear();

  /** One batch's rows: the applications, their histories, appendices and links. */
  async function rowsOf(batch: number[], first: number) {
    const apps: Record<string, unknown>[] = [], history: Record<string, unknown>[] = [], media: Record<string, unknown>[] = [], links: Record<string, unknown>[] = [];
    const infraRows: Record<string, unknown>[] = [], accessRows: Record<string, unknown>[] = [], reviewerRows: Record<string, unknown>[] = [], reviewRows: Record<string, unknown>[] = [];
    const reports: Record<string, unknown>[] = [], reportEvents: Record<string, unknown>[] = [], publications: Record<string, unknown>[] = [];
    const picked = batch.map((id, k) => {
      const call = calls[Number(r.weighted(callWeights))];
      const status = r.weighted(call.statuses);
      return { id, i: first + k, call, status, step: status === "draft" ? r.int(1, 9) : 9, owner: owners[r.int(0, owners.length - 1)] };
    });
    const mediaIds = await ids(db, "media", picked.filter((a) => a.step > 8).length * 3);
    const submitted = picked.filter((a) => a.status !== "draft");
    // At most two infrastructures, three evaluators and a watchdog each.
    const aiIds = await ids(db, "application_infrastructures", submitted.length * 2);
    const reviewerRowIds = await ids(db, "application_reviewers", submitted.filter((a) => EVALUATED.has(a.status)).length * 4);
    // A reported application's scientific report and final data management plan.
    const reportMediaIds = await ids(db, "media", picked.filter((a) => a.status === "reported").length * 2);
    for (const a of picked) {
      const files = a.step > 8 ? mediaIds.splice(0, 3) : null;
      const full = draftOf(r, a.i + 1, a.owner, a.call.infras, files);
      const draft = a.status === "draft" ? truncated(full, a.step) : full;
      const opened = Date.parse(a.call.open_at);
      const created = opened + r.next() * (Math.min(Date.parse(a.call.close_at), today) - opened) * 0.9;
      const path = pathTo(a.status);
      const times = path.map((_, k) => Math.min(today - 1000, created + k * (2 + r.next() * 20) * DAY));
      byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      // The infrastructures decided when the application was granted or rejected, the panel a few days before.
      const decidedAt = Math.max(path.indexOf("granted"), path.indexOf("rejected"));
      const decision = decidedAt > 0 ? { recommendation_date: at(times[decidedAt] - 3 * DAY), sm_decision_date: at(times[decidedAt]), ta_recommendation_complete: true } : {};
      const acceptedAt = path.indexOf("accepted");
      apps.push({
        id: a.id, call_id: a.call.id, user_id: a.owner.id, status: a.status, step: a.step, acronym: draft.project?.acronym ?? null,
        title: draft.project?.title ?? null, discipline: draft.project?.discipline ?? null, draft,
        submitted_at: path.length > 1 ? at(times[1]) : null, created_at: at(created), updated_at: at(times[times.length - 1]), evaluation_complete: false,
        ta_recommendation_complete: false, evaluations_submitted: 0, ...decision, ...(acceptedAt > 0 ? { accepted_at: at(times[acceptedAt]) } : {}),
      });
      const quality = qualityOf(r, a.status);
      const members = draft.group?.members ?? [];
      if (a.status !== "draft") {
        const at2 = at(times[1]);
        const evaluated = EVALUATED.has(a.status);
        const evaluators = evaluated ? r.some(evaluatorIds, r.int(2, 3)) : [];
        let watchdog: number | null = null;
        // Under evaluation, some evaluators have not submitted yet; later, all have.
        const states = evaluators.map(() => (a.status === "under-evaluation" ? r.weighted({ assigned: 2, accepted: 3, submitted: 5 }) : "submitted"));
        const complete = evaluators.length > 0 && states.every((st) => st === "submitted");
        apps[apps.length - 1].evaluation_complete = complete;
        const last = at(times[times.length - 1]);
        draft.logistics?.infrastructures?.slice(0, 2).forEach((row, k) => {
          const aiId = aiIds.shift()!;
          const requested = (row.accesses ?? []).reduce((n, access) => n + (Number(access.requested_units) || 1), 0);
          infraRows.push({
            id: aiId, application_id: a.id, infrastructure_id: Number(row.infrastructure_id), position: k, draft_key: row.key ?? `i${k}`, created_at: at2, updated_at: at2,
            has_eligible_accesses: a.status === "submit" ? null : a.status !== "not-eligible",
            ...decisionOf(r, a.status, k === 0, requested, decidedAt > 0 ? at(times[decidedAt]) : at2, members.length),
          });
          (row.accesses ?? []).forEach((access, j) => {
            const fields = {
              type: access.type ?? "physical", date_from: access.date_from!, date_to: access.date_to!, requested_units: Number(access.requested_units) || 1,
              status: a.status === "reported" ? r.weighted({ sm_reported: 3, user_reported: 1 }) : a.status === "reporting" ? r.weighted({ user_reported: 1, proposed: 1 }) : "proposed",
            };
            accessRows.push({
              application_id: a.id, application_infrastructure_id: aiId, position: j, draft_key: access.key ?? `a${j}`, ...fields,
              member_email: members.find((m) => m.key === access.member)?.email ?? null,
              eligible: a.status === "submit" ? null : a.status !== "not-eligible",
              ...accessReportOf(r, fields.status, fields, last, null),
              created_at: at2, updated_at: at2,
            });
          });
        });
        if (evaluated) {
          const rowIds = reviewerRowIds.splice(0, 4);
          const watchdogRow = rowIds[3];
          watchdog = r.pick(watchdogIds);
          reviewerRows.push({ id: watchdogRow, application_id: a.id, user_id: watchdog, role: "watchdog", state: "accepted", created_at: at2, updated_at: at2 });
          evaluators.forEach((user, k) => {
            const done = states[k] === "submitted";
            const scored = done ? scoresOf(r, criteria, quality) : null;
            reviewerRows.push({
              id: rowIds[k], application_id: a.id, user_id: user, role: "evaluator", state: states[k], confidential_declaration: states[k] !== "assigned",
              conflict_declaration: states[k] !== "assigned", scores: scored?.scores ?? {}, accepted_at: states[k] !== "assigned" ? at2 : null,
              submitted_at: done ? at2 : null, created_at: at2, updated_at: at2,
            });
            if (done) reviewRows.push({ application_id: a.id, watchdog_id: watchdogRow, evaluation_id: rowIds[k], verdict: a.status === "under-evaluation" ? null : "agree", submitted_at: a.status === "under-evaluation" ? null : at2, created_at: at2, updated_at: at2 });
          });
          // The mean scores follow the evaluations by themselves (migration 0021's triggers).
        }
        if (a.status === "reporting" || a.status === "reported") {
          const reportingAt = times[path.indexOf("reporting")];
          const { report, events } = reportOf(r, a.id, a.status, reportingAt, times[times.length - 1] - DAY / 2, a.owner.id, watchdog);
          reports.push(report);
          reportEvents.push(...events);
        }
        if (a.status === "reported") {
          publications.push(...publicationsOf(r, a.id, new Date(a.call.close_at).getUTCFullYear(), `${a.owner.surname}, ${a.owner.name[0]}.; ${members.slice(1).map((m) => `${m.surname}, ${m.name?.[0]}.`).join("; ")}`, a.owner.id, thisYear, last));
          const [scientific, plan] = reportMediaIds.splice(0, 2);
          for (const [id, collection] of [[scientific, "scientific_report"], [plan, "data_man_final"]] as const) {
            // One in ten has not uploaded its final data management plan.
            if (collection === "data_man_final" && r.next() < 0.1) continue;
            media.push({ id, uuid: crypto.randomUUID(), name: `${collection}.pdf`, mime_type: "application/pdf", size: 420_000, user_id: a.owner.id, created_at: last, updated_at: last });
            links.push({ media_id: id, attached_to_type: "application", attached_to_id: String(a.id), collection, position: 0 });
          }
        }
      }
      path.forEach((to, k) => history.push({ application_id: a.id, from_status: k ? path[k - 1] : null, to_status: to, user_id: a.owner.id, created_at: at(times[k]) }));
      ["research_plan", "group_leader_cv", "data_man_draft"].forEach((collection, k) => {
        if (!files) return;
        media.push({ id: files[k], uuid: crypto.randomUUID(), name: `${collection}.pdf`, mime_type: "application/pdf", size: 180_000 + k * 5000, user_id: a.owner.id, created_at: at(created), updated_at: at(created) });
        links.push({ media_id: files[k], attached_to_type: "application", attached_to_id: String(a.id), collection, position: 0 });
      });
    }
    historyRows += history.length;
    mediaRows += media.length;
    counts.application_infrastructures += infraRows.length;
    counts.accesses += accessRows.length;
    counts.application_reviewers += reviewerRows.length;
    counts.watchdog_reviews += reviewRows.length;
    counts.application_reports += reports.length;
    counts.report_events += reportEvents.length;
    counts.publications += publications.length;
    return { apps, history, media, links, infraRows, accessRows, reviewerRows, reviewRows, reports, reportEvents, publications };
  }

  // Generated in batches, each inserted while the next one is generated (memory stays flat at 100 000).
  // A bench database may lose its last commits in a crash: no need to wait for the disk on each.
  const insert = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      await bulkInsert(trx, "applications", rows.apps);
      await bulkInsert(trx, "application_history", rows.history);
      await bulkInsert(trx, "media", rows.media);
      await bulkInsert(trx, "media_links", rows.links);
      await bulkInsert(trx, "application_infrastructures", rows.infraRows);
      await bulkInsert(trx, "accesses", rows.accessRows);
      await bulkInsert(trx, "application_reviewers", rows.reviewerRows);
      await bulkInsert(trx, "watchdog_reviews", rows.reviewRows);
      await bulkInsert(trx, "application_reports", rows.reports);
      await bulkInsert(trx, "report_events", rows.reportEvents);
      await bulkInsert(trx, "publications", rows.publications);
    });
  let pending: Promise<void> = Promise.resolve();
  for (let i = 0; i < count; i += BATCH) {
    const rows = await rowsOf(appIds.slice(i, i + BATCH), i);
    await pending;
    pending = insert(rows);
  }
  await pending;
  lap("generate_and_insert");
  await sql`analyze users, applications, application_history, media, media_links, application_infrastructures, accesses, application_reviewers, watchdog_reviews, application_reports, report_events, publications`.execute(db);
  lap("analyze");
  return {
    applications: count, users: userCount, history_rows: historyRows, media_rows: mediaRows, ...counts, by_status: byStatus,
    seconds: +((performance.now() - started) / 1000).toFixed(1),
    phases,
  };
}

/** How many applications an earlier run of fillApplications left in `db`. */
async function benchApplications(db: Db): Promise<number> {
  const row = await db.selectFrom("applications").innerJoin("users", "users.id", "applications.user_id").select((eb) => eb.fn.countAll<string>().as("n"))
    .where("users.sub", "like", "bench-%").executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `count` bench applications in `db`: those already there when it is a kept database (`keptIn`, BENCH_DATA_DIR) holding that many, else freshly generated. */
export async function applicationsIn(db: Db, count: number, keptIn?: string): Promise<FillReport | { applications: number; kept_in: string }> {
  if (keptIn && (await benchApplications(db)) === count) {
    console.error(`${count} applications kept in ${keptIn}`);
    return { applications: count, kept_in: keptIn };
  }
  const data = await fillApplications(db, count);
  console.error(`${count} applications in ${data.seconds} s`);
  return data;
}

/**
 * The portal (bench/support.ts: a private built copy, one web process by
 * default) with its embedded PostgreSQL reachable on a free port, filled with
 * `count` applications; `close()` stops it and removes the copy.
 * BENCH_DATA_DIR=<folder>: the portal's DATA_DIR (its database) is kept there
 * rather than in the copy, and a database that already holds `count` bench
 * applications is measured as it is (100 000 take minutes to generate;
 * `npm run bench:data` with DATA_DIR=<folder> prepares one).
 */
export async function portalWithApplications(port: number, count: number, env: Record<string, string>) {
  const { root, remove } = buildCopy();
  const pgPort = await freePort();
  const dataDir: { DATA_DIR?: string } = process.env.BENCH_DATA_DIR ? { DATA_DIR: path.resolve(process.env.BENCH_DATA_DIR) } : {};
  // BENCH_CPU_PROF=<folder>: the web process is profiled (node --cpu-prof) over the whole run, for DevTools or bench/profile.ts's reading.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const portal = startPortal(root, port, { ...env, ...(dataDir as Record<string, string>), EMBEDDED_PG_PORT: String(pgPort) }, profile);
  const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/portal`, 4);
  const close = async () => {
    await db.destroy();
    await stopped(portal);
    remove();
  };
  try {
    // A kept database may have migrations to run first (a new column over 100 000 rows takes minutes on a busy machine).
    await waitFor(`http://localhost:${port}/api/health`, dataDir.DATA_DIR ? 900_000 : 180_000);
    const data = await applicationsIn(db, count, dataDir.DATA_DIR);
    return { portal, db, data, close, dataDir: dataDir.DATA_DIR ?? path.join(root, "data") };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The database of DATABASE_URL, or the embedded one of DATA_DIR, migrated and seeded as `npm start` does. */
export async function benchDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
    // The demo seed stores its files there, as the portal does.
    process.env.DATA_DIR = dataDir;
    embedded = await startEmbeddedPostgres(path.join(dataDir, "postgres"));
    await embedded.createDatabase("portal");
    url = embedded.url("portal");
  }
  const db = createDb(url, 4);
  await prepareDatabase(db, { demo: (process.env.DEMO_DATA ?? (embedded ? "true" : "false")) === "true" });
  return { db, close: async () => { await db.destroy(); await embedded?.stop(); } };
}

function option(name: string, fallback?: number): number | undefined {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number, not ${raw}`);
  return n;
}

async function main() {
  const count = option("applications", 10_000)!;
  const users = option("users");
  const t = performance.now();
  const { db, close } = await benchDatabase();
  const prepared = ((performance.now() - t) / 1000).toFixed(1);
  try {
    const report = await fillApplications(db, count, { users });
    console.log(JSON.stringify({ database_ready_s: Number(prepared), ...report }, null, 2));
    console.log(`${count} applications in ${report.seconds} s`);
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
