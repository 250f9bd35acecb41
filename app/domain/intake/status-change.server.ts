// The editor's status changes (DESIGN §6), checked against the lifecycle table
// (app/domain/applications/lifecycle.ts): the named transition's
// pre-conditions and notes rule, or the override (any status, notes required).
// Each change writes a history row in the same transaction.
import { sql } from "kysely";
import { reportFacts } from "../reporting/open-report.server";
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { claimVersion, invalid, parseInput, versionNow } from "../write.server";
import { changeTransition, dedicatedTransition, notesRequired, targetOf, unmet, type LifecycleFacts, type Transition } from "../applications/lifecycle";
import { isApplicationStatus, type ApplicationStatus } from "../applications/status";
import { changeStatusBody, transitionBody } from "./intake-bodies";
import { notify } from "../notifications/notify.server";
import { noticeInfrastructureStaff } from "./ri-staff-notice.server";
import { openReport } from "../reporting/open-report.server";

export const STALE = "applications.stale";

/** The editor's endpoints that change a status; each but change-status has one transition per status. */
export const STATUS_ENDPOINTS = ["change-status", "restore-draft", "undo-withdrawn", "reopen-reporting-status"] as const;
export type StatusEndpoint = (typeof STATUS_ENDPOINTS)[number];

/** What the lifecycle's pre-conditions read, for one live application (later stages fill in their facts). */
export async function lifecycleFacts(db: Db, applicationId: number): Promise<LifecycleFacts> {
  const row = await db
    .selectFrom("applications")
    .select((eb) => [
      "evaluation_complete",
      "ta_recommendation_complete",
      eb
        .selectFrom("application_infrastructures")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("application_infrastructures.application_id", "=", "applications.id")
        .where("application_infrastructures.sm_accepted", "=", true)
        .as("accepted_infrastructures"),
      eb.selectFrom("accesses").select(sql<number>`count(*)::int`.as("n")).whereRef("accesses.application_id", "=", "applications.id").as("accesses"),
      eb
        .selectFrom("accesses")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("accesses.application_id", "=", "applications.id")
        .where("accesses.eligible", "is", null)
        .as("undecided"),
      eb
        .selectFrom("accesses")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("accesses.application_id", "=", "applications.id")
        .where("accesses.eligible", "=", true)
        .as("eligible"),
      // The status it had when it was last withdrawn.
      eb
        .selectFrom("application_history")
        .select("from_status")
        .whereRef("application_history.application_id", "=", "applications.id")
        .where("to_status", "=", "withdrawn")
        .orderBy("application_history.id", "desc")
        .limit(1)
        .as("before_withdrawn"),
    ])
    .where("id", "=", applicationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const previous = row.before_withdrawn;
  return {
    eligibilityDone: (row.accesses ?? 0) > 0 && row.undecided === 0,
    eligibleAccess: (row.eligible ?? 0) > 0,
    evaluationComplete: row.evaluation_complete,
    recommendationComplete: row.ta_recommendation_complete,
    infrastructureAccepted: (row.accepted_infrastructures ?? 0) > 0,
    ...(await reportFacts(db, applicationId)),
    previousStatus: previous && isApplicationStatus(previous) ? previous : null,
  };
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
    // The applicant hears of every status change (issue 10 §11), by e-mail too.
    const { user_id } = await trx.selectFrom("applications").select("user_id").where("id", "=", id).executeTakeFirstOrThrow();
    await notify(trx, { userIds: [user_id], kind: "status-changed", applicationId: id, params: { from: status, to, ...(notes ? { notes } : {}) }, mail: true });
    await noticeInfrastructureStaff(trx, id, to);
    return { from: status, to };
  });
}
