// The staff list of applications : the filters of docs/data.md#list-filters on SQL, one
// page of rows with their columns, and every matching row for the downloads.
// A page is two steps: the ids of the page (filters, sort, limit: the joins
// and subqueries of the columns are not worked out for every match), then the
// columns of those 20 rows.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { TIME_ZONE } from "../dates";
import { ID_MAX } from "../ids";
import { countTotal, keptCount, likePattern, offsetOf, pageMeta } from "../list-query.server";
import { accessStatusOf, type AccessStatus } from "../applications/access-status";
import { applicationStatusOf } from "../applications/status";
import { DEFAULT_ACCESSES_STATUS, DEFAULT_INCLUDES, type SortColumn } from "./columns";
import type { AdminListQuery } from "./query.server";
import { pendingDecision } from "../ri-decisions/list.server";

type From = Database & { a: Database["applications"] };
type Eb = ExpressionBuilder<From, "a">;
type Filters = Omit<AdminListQuery, "page" | "per_page" | "sort_by" | "order" | "export">;

/**
 * The applications matching the filters of `q`. No join: a count or a page by
 * number then reads the applications alone (an index scan for the newest 20);
 * the applicant's name is searched through a semi-join.
 */
export function matching(db: Db, q: Filters) {
  return db.selectFrom("applications as a").where((eb) => eb.and(conditions(eb, q)));
}

function conditions(eb: Eb, q: Filters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (q.trashed !== "with") out.push(eb("a.deleted_at", q.trashed === "only" ? "is not" : "is", null));
  if (q.q) {
    const like = likePattern(q.q);
    const number = /^#?\d{1,10}$/.test(q.q) ? Number(q.q.replace("#", "")) : NaN;
    out.push(
      eb.or([
        ...(number >= 1 && number <= ID_MAX ? [eb("a.id", "=", number)] : []),
        eb("a.acronym", "ilike", like),
        eb("a.title", "ilike", like),
        eb.exists(
          eb
            .selectFrom("users as u")
            .select(sql`1`.as("one"))
            .whereRef("u.id", "=", "a.user_id")
            .where((u) => u.or([u("u.display_name", "ilike", like), u(sql<string>`concat_ws(' ', u.name, u.surname)`, "ilike", like), u("u.email", "ilike", like)])),
        ),
      ]),
    );
  }
  // allsub: every submitted application, whatever the status filters say.
  if (q.allsub === "1") out.push(eb("a.status", "<>", "draft"));
  else {
    if (q["status[]"]?.length) out.push(eb("a.status", "in", q["status[]"]));
    if (q["exclude_status[]"]?.length) out.push(eb("a.status", "not in", q["exclude_status[]"]));
  }
  if (q["discipline[]"]?.length) out.push(eb("a.discipline", "in", q["discipline[]"]));
  if (q["call_id[]"]?.length) out.push(eb("a.call_id", "in", q["call_id[]"]));
  if (q["includeIds[]"]?.length) out.push(eb("a.id", "in", q["includeIds[]"]));
  if (q["excludeIds[]"]?.length) out.push(eb("a.id", "not in", q["excludeIds[]"]));
  if (q.user_id !== undefined) out.push(eb("a.user_id", "=", q.user_id));
  const infrastructures = q["infrastructure[]"];
  if (infrastructures?.length) {
    out.push(
      eb.exists(
        eb.selectFrom("application_infrastructures as ai").select(sql`1`.as("one")).whereRef("ai.application_id", "=", "a.id").where("ai.infrastructure_id", "in", infrastructures),
      ),
    );
  }
  if (q.evaluation_status) out.push(eb("a.evaluation_complete", "=", q.evaluation_status === "evaluated"));
  const reviews = (submitted: boolean) =>
    eb.exists(
      eb.selectFrom("watchdog_reviews as wr").select(sql`1`.as("one")).whereRef("wr.application_id", "=", "a.id").where("wr.submitted_at", submitted ? "is not" : "is", null),
    );
  if (q.review_status === "pending") out.push(reviews(false));
  if (q.review_status === "submit") out.push(eb.and([reviews(true), eb.not(reviews(false))]));
  if (q.ri_status === "pending") out.push(pendingDecision(eb, null));
  if (q.ri_status === "submit") out.push(eb("a.sm_decision_date", "is not", null));
  if (q.accesses_status) {
    out.push(
      eb.exists(eb.selectFrom("accesses as ac").select(sql`1`.as("one")).whereRef("ac.application_id", "=", "a.id").where("ac.status", "=", q.accesses_status)),
    );
  }
  // Calendar days in Brussels (ADR 006): from the day's first instant there to the next day's.
  if (q.date_from) out.push(eb("a.submitted_at", ">=", sql<Date>`(${q.date_from}::date)::timestamp at time zone ${TIME_ZONE}`));
  if (q.date_to) out.push(eb("a.submitted_at", "<", sql<Date>`(${q.date_to}::date + 1)::timestamp at time zone ${TIME_ZONE}`));
  return out;
}

// The columns computed per row: the requested infrastructures' short names in
// the applicant's order, and the evaluations submitted / assigned.
const infrastructureNames = sql<string[]>`array(
  select coalesce(i.short_name, i.name) from application_infrastructures ai join infrastructures i on i.id = ai.infrastructure_id
  where ai.application_id = a.id order by ai.position)`;
const evaluations = (which: "done" | "assigned") =>
  sql<number>`(select count(*)::int from application_reviewers r where r.application_id = a.id and r.role = 'evaluator'${
    which === "done" ? sql` and r.state = 'submitted'` : sql``
  })`;

/** What the sort of `column` reads besides the application: its owner, its call, or its evaluators counted. */
function sortJoins(db: Db, base: ReturnType<typeof matching>, column: SortColumn, all = false) {
  const evaluators = db
    .selectFrom("application_reviewers")
    .select(["application_id", sql<number>`count(*) filter (where state = 'submitted')`.as("done"), sql<number>`count(*)`.as("assigned")])
    .where("role", "=", "evaluator")
    .groupBy("application_id")
    .as("ev");
  return base
    .$if(all || column === "applicant", (b) => b.innerJoin("users as u", "u.id", "a.user_id"))
    .$if(all || column === "call", (b) => b.innerJoin("calls as c", "c.id", "a.call_id"))
    .$if(column === "evaluations", (b) => b.leftJoin(evaluators, "ev.application_id", "a.id"));
}

/** The sort of each column (ties broken by number, in the same direction). */
function sortKeys(column: SortColumn): Expression<unknown>[] {
  switch (column) {
    case "id": return [];
    case "acronym": return [sql`a.acronym`];
    case "title": return [sql`a.title`];
    case "applicant": return [sql`coalesce(u.display_name, u.email)`];
    case "call": return [sql`c.title`];
    // The names as the column shows them, kept on the row (migration 0014); none (a draft) is null, last either way, as every empty column.
    case "infrastructures": return [sql`a.infrastructure_names`];
    case "status": return [sql`a.status`];
    // From the grouped join of sortJoins: one pass over the evaluators, not two subqueries per application.
    case "evaluations": return [sql`coalesce(ev.done, 0)`, sql`coalesce(ev.assigned, 0)`];
    case "updated_at": return [sql`a.updated_at`];
  }
}

function orderBy(column: SortColumn, order: "asc" | "desc") {
  const dir = order === "asc" ? sql`asc nulls last` : sql`desc nulls last`;
  return sql.join([...sortKeys(column).map((k) => sql`${k} ${dir}`), sql`a.id ${sql.raw(order)}`]);
}

/** The columns of a row, for the page and the downloads (read as AdminRow). */
const columns = [
  ...["id", "acronym", "title", "status", "discipline", "evaluation_complete", "submitted_at", "updated_at", "deleted_at", "call_id", "user_id"].map((c) =>
    sql.ref(`a.${c}`).as(c),
  ),
  sql.ref("c.title").as("call_title"), sql.ref("u.display_name").as("applicant_name"), sql.ref("u.email").as("applicant_email"),
  sql.ref("u.orcid").as("applicant_orcid"),
  infrastructureNames.as("infrastructures"), evaluations("done").as("evaluations_done"), evaluations("assigned").as("evaluations_assigned"),
];

export type AdminRow = {
  id: number; acronym: string | null; title: string | null; status: string; discipline: string | null; evaluation_complete: boolean;
  submitted_at: Date | string | null; updated_at: Date | string; deleted_at: Date | string | null; call_id: number; call_title: string;
  user_id: number; applicant_name: string | null; applicant_email: string; applicant_orcid: string | null; infrastructures: string[]; evaluations_done: number; evaluations_assigned: number;
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A row as the API answers it, the applicant included unless `owner` is false. */
export function present(r: AdminRow, owner = true) {
  return {
    id: r.id, acronym: r.acronym, title: r.title, status: applicationStatusOf(r.status), discipline: r.discipline, evaluation_complete: r.evaluation_complete,
    call: { id: r.call_id, title: r.call_title },
    ...(owner ? { applicant: { id: r.user_id, display_name: r.applicant_name, email: r.applicant_email } } : {}),
    infrastructures: r.infrastructures,
    evaluations: { done: r.evaluations_done, assigned: r.evaluations_assigned },
    submitted_at: iso(r.submitted_at), updated_at: iso(r.updated_at)!, deleted_at: iso(r.deleted_at),
  };
}
export type AdminListRow = ReturnType<typeof present> & { accesses?: IncludedAccess[]; history?: IncludedHistory[] };

type IncludedAccess = Omit<Awaited<ReturnType<typeof accessesOf>>[number], "application_id">;
type IncludedHistory = Omit<Awaited<ReturnType<typeof historyOf>>[number], "application_id">;

/** The accesses of these applications in one status, with their infrastructure's short name, in the applicant's order. */
async function accessesOf(db: Db, ids: number[], status: AccessStatus) {
  const rows = await db
    .selectFrom("accesses as ac")
    .innerJoin("application_infrastructures as ai", "ai.id", "ac.application_infrastructure_id")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .select(["ac.id", "ac.application_id", "ac.type", "ac.date_from", "ac.date_to", "ac.requested_units", "ac.status", "ac.eligible", "i.id as infrastructure_id"])
    .select(sql<string>`coalesce(i.short_name, i.name)`.as("infrastructure"))
    .where("ac.application_id", "in", ids)
    .where("ac.status", "=", status)
    .orderBy("ai.position")
    .orderBy("ac.position")
    .orderBy("ac.id")
    .execute();
  return rows.map((r) => ({ ...r, status: accessStatusOf(r.status) }));
}

/** The status changes of these applications, oldest first. */
async function historyOf(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom("application_history")
    .select(["application_id", "from_status", "to_status", "created_at"])
    .where("application_id", "in", ids)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((h) => ({
    ...h, from_status: h.from_status === null ? null : applicationStatusOf(h.from_status), to_status: applicationStatusOf(h.to_status), created_at: iso(h.created_at)!,
  }));
}

/** Groups rows by their application_id, without it. */
function byApplication<R extends { application_id: number }>(rows: R[]): Map<number, Omit<R, "application_id">[]> {
  const out = new Map<number, Omit<R, "application_id">[]>();
  for (const { application_id, ...rest } of rows) {
    const list = out.get(application_id) ?? [];
    list.push(rest);
    out.set(application_id, list);
  }
  return out;
}

/** One page of the staff list and the count of every match. */
export async function listAdminApplications(db: Db, q: AdminListQuery) {
  const base = matching(db, q);
  const [ids, count] = await Promise.all([
    sortJoins(db, base, q.sort_by)
      .select("a.id")
      .orderBy(orderBy(q.sort_by, q.order))
      .limit(q.per_page)
      .offset(offsetOf(q))
      .execute(),
    keptCount(db, base.select(countTotal())),
  ]);
  let data: AdminListRow[] = [];
  if (ids.length) {
    const includes = q["includes[]"] ?? DEFAULT_INCLUDES;
    const pageIds = ids.map((r) => r.id);
    const [rows, accesses, history] = await Promise.all([
      rowQuery(db).where("a.id", "in", pageIds).execute() as Promise<AdminRow[]>,
      includes.includes("accesses") ? accessesOf(db, pageIds, q.accesses_status ?? DEFAULT_ACCESSES_STATUS).then(byApplication) : undefined,
      includes.includes("history") ? historyOf(db, pageIds).then(byApplication) : undefined,
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    data = ids.map(({ id }) => ({
      ...present(byId.get(id)!, includes.includes("owner")),
      ...(accesses ? { accesses: accesses.get(id) ?? [] } : {}),
      ...(history ? { history: history.get(id) ?? [] } : {}),
    }));
  }
  return { scope: "all" as const, data, meta: pageMeta(q, count) };
}

const rowQuery = (db: Db) =>
  db.selectFrom("applications as a").innerJoin("users as u", "u.id", "a.user_id").innerJoin("calls as c", "c.id", "a.call_id").select(columns);

/** Every matching row with its columns, in the list's order: the query the downloads read through a cursor. */
export function exportQuery(db: Db, q: AdminListQuery) {
  return sortJoins(db, matching(db, q), q.sort_by, true).select(columns).orderBy(orderBy(q.sort_by, q.order));
}

/** The numbers and acronyms of the first `limit` matching applications, in the list's order (the zip of dossiers). */
export function orderedIds(db: Db, q: Filters & Pick<AdminListQuery, "sort_by" | "order">, limit: number): Promise<{ id: number; acronym: string | null }[]> {
  return sortJoins(db, matching(db, q), q.sort_by).select(["a.id", "a.acronym"]).orderBy(orderBy(q.sort_by, q.order)).limit(limit).execute();
}
