// GET /api/applications/at-my-infrastructures (/application-at-my-ri, docs/roles.md#infrastructure-staff):
// the applications with accesses at the reader's infrastructures, in the
// statuses staff see them (staffStatuses), with the filters that apply (docs/data.md#list-filters):
// ri_status (submit: every decision of theirs made; pending: one still to
// make), call and status. Each row names the reader's infrastructures with
// their decisions. Work to do first, then newest first; a page is one query for the ids and the
// count, then the rows' columns for those ids alone.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { todayIso } from "../dates";
import { countTotal, keptCount, offsetOf, pageMeta } from "../list-query.server";
import { listScope, staffStatuses, SUBMITTED_STATUSES, type Scope, type StaffUser } from "./staff.server";
import { DECIDING_STATUS } from "./read.server";
import { applicationStatusOf } from "../applications/status";
import { hasRole, INFRA_STAFF_ROLES } from "../users/roles";

export { RI_STATUSES, type RiStatus } from "./rules";
import type { RiStatus } from "./rules";
import { keptUntilWrite } from "~/cache/kept.server";

export interface AtMyRiQuery {
  ri_status?: RiStatus;
  /** docs/lifecycle.md#report-confirmation: pending, a submitted report's access of the reader's still to confirm; submit, every one confirmed. */
  report_status?: RiStatus;
  call_id?: number;
  "status[]"?: string[];
  page: number;
  per_page: number;
}

type Eb = ExpressionBuilder<Database & { a: Database["applications"] }, "a">;

/** The application infrastructures of `a` within the scope, as a subquery to add conditions to. */
const inScope = (eb: Eb, scope: Scope) =>
  eb
    .selectFrom("application_infrastructures as ai")
    .select(sql`1`.as("one"))
    .whereRef("ai.application_id", "=", "a.id")
    .$if(scope !== null, (q) => q.where("ai.infrastructure_id", "in", scope!.length ? scope! : [0]));

/** A decision still to make: eligible accesses, no decision, the application under evaluation. */
export const pendingDecision = (eb: Eb, scope: Scope) =>
  eb.and([
    eb("a.status", "=", DECIDING_STATUS),
    eb.exists(inScope(eb, scope).where("ai.has_eligible_accesses", "=", true).where("ai.sm_decided_at", "is", null)),
  ]);

/** Every decision of the scope made (at least one). */
export const decisionsMade = (eb: Eb, scope: Scope) =>
  eb.and([eb.exists(inScope(eb, scope).where("ai.sm_decided_at", "is not", null)), eb.not(pendingDecision(eb, scope))]);

/** The reported accesses of `a` at the scope's accepted infrastructures (docs/lifecycle.md#report-confirmation), as a subquery. */
const reportedInScope = (eb: Eb, scope: Scope) =>
  eb
    .selectFrom("accesses as x")
    .innerJoin("application_infrastructures as ai", "ai.id", "x.application_infrastructure_id")
    .select(sql`1`.as("one"))
    .whereRef("x.application_id", "=", "a.id")
    .where("x.eligible", "=", true)
    .where("ai.sm_accepted", "=", true)
    .$if(scope !== null, (q) => q.where("ai.infrastructure_id", "in", scope!.length ? scope! : [0]));

/** A submitted report whose accesses at the scope's infrastructures wait for a confirmation. */
export const pendingConfirmation = (eb: Eb, scope: Scope) =>
  eb.and([
    eb("a.status", "in", ["reporting", "reported"]),
    eb.exists(eb.selectFrom("application_reports as r").select(sql`1`.as("one")).whereRef("r.application_id", "=", "a.id").where("r.submitted_at", "is not", null)),
    eb.exists(reportedInScope(eb, scope).where("x.sm_report_confirmed", "is", null)),
  ]);

/** An access confirmed as done at the scope's infrastructures, still without its reimbursement date (docs/lifecycle.md#report-confirmation). */
export const pendingReimbursement = (eb: Eb, scope: Scope) =>
  eb.and([
    eb("a.status", "in", ["reporting", "reported"]),
    eb.exists(reportedInScope(eb, scope).where("x.sm_report_confirmed", "=", true).where("x.sm_reimbursement_date", "is", null)),
  ]);

/** Every reported access at the scope's infrastructures confirmed (at least one). */
export const confirmationsMade = (eb: Eb, scope: Scope) =>
  eb.and([eb.exists(reportedInScope(eb, scope).where("x.sm_report_confirmed", "is not", null)), eb.not(eb.exists(reportedInScope(eb, scope).where("x.sm_report_confirmed", "is", null)))]);

function conditions(eb: Eb, scope: Scope, statuses: string[], q: AtMyRiQuery): Expression<SqlBool>[] {
  const wanted = q["status[]"]?.length ? statuses.filter((s) => q["status[]"]!.includes(s)) : statuses;
  const out: Expression<SqlBool>[] = [eb("a.deleted_at", "is", null), eb("a.status", "in", wanted.length ? wanted : ["-"])];
  if (scope !== null) out.push(eb.exists(inScope(eb, scope)));
  if (q.call_id) out.push(eb("a.call_id", "=", q.call_id));
  if (q.ri_status === "pending") out.push(pendingDecision(eb, scope));
  if (q.ri_status === "submit") out.push(decisionsMade(eb, scope));
  if (q.report_status === "pending") out.push(pendingConfirmation(eb, scope));
  if (q.report_status === "submit") out.push(confirmationsMade(eb, scope));
  return out;
}

// The call filter's choices, on every view: kept like the open calls, until the next write (ADR 028).
const publishedCalls = (db: Db) =>
  keptUntilWrite(db, "published-calls", () =>
    db.selectFrom("calls").select(["id", "title"]).where("deleted_at", "is", null).where("status", "<>", "draft").orderBy("open_at", "desc").execute(),
  );

interface Decision {
  id: number; infrastructure_id: number; name: string; has_eligible_accesses: boolean | null; sm_accepted: boolean | null; decided: boolean;
}

export async function listAtMyInfrastructures(db: Db, user: StaffUser, q: AtMyRiQuery) {
  // A manager who is also an editor sees their own infrastructures here (docs/roles.md#infrastructure-staff).
  const [scope, statuses] = await Promise.all([
    listScope(db, user),
    hasRole(user, ...INFRA_STAFF_ROLES) && !hasRole(user, "admin") ? staffStatuses(db) : Promise.resolve(SUBMITTED_STATUSES),
  ]);
  const base = db.selectFrom("applications as a").where((eb) => eb.and(conditions(eb, scope, statuses, q)));
  const [ids, count, calls] = await Promise.all([
    // Work to do first (docs/ui.md#lists): a decision, a confirmation or a reimbursement of the reader's; then newest first.
    base
      .select("a.id")
      .orderBy((eb) => eb.case().when(eb.or([pendingDecision(eb, scope), pendingConfirmation(eb, scope), pendingReimbursement(eb, scope)])).then(0).else(1).end())
      .orderBy("a.id", "desc")
      .limit(q.per_page)
      .offset(offsetOf(q))
      .execute(),
    keptCount(db, base.select(countTotal())),
    publishedCalls(db),
  ]);
  const pageIds = ids.map((r) => r.id);
  const rows = pageIds.length
    ? await db
        .selectFrom("applications as a")
        .innerJoin("calls as c", "c.id", "a.call_id")
        .select(["a.id", "a.acronym", "a.title", "a.status", "a.submitted_at", "a.sm_decision_date", "c.id as call_id", "c.title as call_title", "c.evaluation_manager_date"])
        .select(
          sql<Decision[]>`coalesce((select json_agg(json_build_object(
              'id', ai.id, 'infrastructure_id', ai.infrastructure_id, 'name', coalesce(i.short_name, i.name),
              'has_eligible_accesses', ai.has_eligible_accesses, 'sm_accepted', ai.sm_accepted, 'decided', ai.sm_decided_at is not null) order by ai.position)
            from application_infrastructures ai join infrastructures i on i.id = ai.infrastructure_id
            where ai.application_id = a.id${scope === null ? sql`` : sql` and ai.infrastructure_id = any(${scope})`}), '[]'::json)`.as("decisions"),
        )
        .where("a.id", "in", pageIds)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const today = todayIso();
  return {
    data: pageIds.map((id) => {
      const r = byId.get(id)!;
      return {
        id: r.id, acronym: r.acronym, title: r.title, status: applicationStatusOf(r.status),
        submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
        sm_decision_date: r.sm_decision_date ? new Date(r.sm_decision_date).toISOString() : null,
        call: { id: r.call_id, title: r.call_title, evaluation_manager_date: r.evaluation_manager_date },
        deadline_passed: today > r.evaluation_manager_date,
        decisions: r.decisions,
      };
    }),
    meta: pageMeta(q, count),
    calls,
  };
}
