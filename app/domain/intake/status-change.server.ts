// The editor's status changes (docs/lifecycle.md#transitions), checked against the lifecycle table
// (app/domain/applications/lifecycle.ts): the named transition's
// pre-conditions and notes rule, or the override (any status, notes required).
// Each change writes a history row in the same transaction.
import { sql, type ExpressionBuilder, type Selection } from "kysely";
import type { Database } from "~/db/schema";
import { reportFacts } from "../reporting/open-report.server";
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { claimVersion, invalid, parseInput, versionNow } from "../write.server";
import { changeTransition, dedicatedTransition, notesRequired, targetOf, unmet, type LifecycleFacts, type Transition } from "../applications/lifecycle";
import { isApplicationStatus, type ApplicationStatus } from "../applications/status";
import { changeStatusBody, transitionBody, type StatusEndpoint } from "./intake-bodies";
import { notify } from "../notifications/notify.server";
import { noticeInfrastructureStaff } from "./ri-staff-notice.server";
import { openReport } from "../reporting/open-report.server";

export const STALE = "applications.stale";

/**
 * What the lifecycle's pre-conditions read, as columns of an `applications`
 * row (subqueries by its id), so that a read of the application gets them in
 * its own round trip (factsOf turns them into the facts).
 */
export const factColumns = (eb: ExpressionBuilder<Database, "applications">) => {
  const count = (table: "application_infrastructures" | "accesses") =>
    eb.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).whereRef(`${table}.application_id`, "=", "applications.id");
  const report = eb.selectFrom("application_reports").whereRef("application_reports.application_id", "=", "applications.id");
  return [
    "applications.evaluation_complete",
    "applications.ta_recommendation_complete",
    count("application_infrastructures").where("application_infrastructures.sm_accepted", "=", true).as("accepted_infrastructures"),
    count("accesses").as("access_count"),
    count("accesses").where("accesses.eligible", "is", null).as("undecided"),
    count("accesses").where("accesses.eligible", "=", true).as("eligible"),
    // The status it had when it was last withdrawn.
    eb
      .selectFrom("application_history")
      .select("from_status")
      .whereRef("application_history.application_id", "=", "applications.id")
      .where("to_status", "=", "withdrawn")
      .orderBy("application_history.id", "desc")
      .limit(1)
      .as("before_withdrawn"),
    report.select("submitted_at").as("report_submitted_at"),
    report.select("watchdog_review").as("report_watchdog_review"),
  ] as const;
};

type FactRow = Selection<Database, "applications", ReturnType<typeof factColumns>[number]>;

/** The lifecycle's facts from the columns factColumns read. */
export async function factsOf(db: Db, row: FactRow): Promise<LifecycleFacts> {
  const previous = row.before_withdrawn;
  return {
    eligibilityDone: (row.access_count ?? 0) > 0 && row.undecided === 0,
    eligibleAccess: (row.eligible ?? 0) > 0,
    evaluationComplete: row.evaluation_complete,
    recommendationComplete: row.ta_recommendation_complete,
    infrastructureAccepted: (row.accepted_infrastructures ?? 0) > 0,
    ...(await reportFacts(db, { submitted_at: row.report_submitted_at, watchdog_review: row.report_watchdog_review })),
    previousStatus: previous && isApplicationStatus(previous) ? previous : null,
  };
}

/** What the lifecycle's pre-conditions read, for one live application (later stages fill in their facts). */
export async function lifecycleFacts(db: Db, applicationId: number): Promise<LifecycleFacts> {
  const row = await db.selectFrom("applications").select(factColumns).where("id", "=", applicationId).executeTakeFirst();
  if (!row) throw notFound();
  return factsOf(db, row);
}

/** The transition and target of a status change, or 422 with what blocks it. */
function resolve(endpoint: StatusEndpoint, from: ApplicationStatus, chosen: ApplicationStatus | undefined, notes: string | undefined, facts: LifecycleFacts) {
  const transition: Transition | null = endpoint === "change-status" ? changeTransition(from, chosen!) : dedicatedTransition(endpoint, from);
  if (!transition) throw new AppError(422, "intake.transition-unavailable", endpoint === "change-status" ? { status: ["intake.same-status"] } : undefined);
  const to = targetOf(transition, facts, chosen);
  if (!to) throw new AppError(422, "intake.transition-unavailable");
  const blockers = unmet(transition, facts);
  if (blockers.length) throw invalid({ status: blockers.map((b) => `intake.blocked.${b}`) });
  if (notesRequired(transition, facts) && !notes?.trim()) throw invalid({ notes: ["validation.required"] });
  return { transition, to };
}

/**
 * PUT /api/applications/{id}/<endpoint>: the status change an editor asks for,
 * in one transaction with the version check and its history row.
 */
export async function changeStatus(db: Db, id: number, editorId: number, endpoint: StatusEndpoint, body: unknown) {
  const input = endpoint === "change-status" ? await parseInput(changeStatusBody, body) : { ...(await parseInput(transitionBody, body)), status: undefined };
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (!isApplicationStatus(status)) throw new AppError(409, "intake.unknown-status");
    const facts = await lifecycleFacts(trx, id);
    const { to } = resolve(endpoint, status, input.status, input.notes, facts);
    await trx
      .updateTable("applications")
      .set({ status: to, updated_at: versionNow(), ...(to === "draft" ? { submitted_at: null } : {}) })
      .where("id", "=", id)
      .execute();
    const notes = input.notes?.trim() || null;
    await trx.insertInto("application_history").values({ application_id: id, from_status: status, to_status: to, user_id: editorId, notes }).execute();
    if (to === "reporting") await openReport(trx, id, editorId);
    // The applicant hears of every status change (docs/lifecycle.md#notifications), by e-mail too.
    const { user_id } = await trx.selectFrom("applications").select("user_id").where("id", "=", id).executeTakeFirstOrThrow();
    await notify(trx, { userIds: [user_id], kind: "status-changed", applicationId: id, params: { from: status, to, ...(notes ? { notes } : {}) }, mail: true });
    await noticeInfrastructureStaff(trx, id, to);
    return { from: status, to };
  });
}
