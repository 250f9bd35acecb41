// The 'sm' step (docs/lifecycle.md#infrastructure-decision, docs/validation.md#infrastructure-decision): the
// staff of an infrastructure decide, per application infrastructure, what
// they can host; the editor can reopen a decision. One transaction each; the
// version checked is the application infrastructure's, so the staff of two
// infrastructures deciding on one application at once do not refuse each other.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { AppError, forbidden } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { notify, notifyRole } from "../notifications/notify.server";
import type { ReopenDecisionBody, SmDecisionBody } from "./bodies";
import { euroOf, missingFields, PARTICIPANTS_MAX, UNITS_MAX, wholeOf } from "./rules";
import { decisionAccess, decisionDeadlinePassed, DECIDING_STATUS } from "./read.server";
import type { StaffUser } from "./staff.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";

export const STALE = "ri-decisions.errors.stale";

/**
 * The claim of a decision: the application infrastructure `application_infrastructure_id` of
 * application `id`, locked at the version read; 422 when it is not one of the application's.
 */
const claimDecision = (trx: Db, id: number, input: { application_infrastructure_id: number; updated_at: unknown }) =>
  claimVersion(trx, "application_infrastructures", { id: input.application_infrastructure_id, application_id: id }, input.updated_at, STALE, {
    columns: ["id", "infrastructure_id", "has_eligible_accesses", "sm_decided_at"],
    missing: () => invalid({ application_infrastructure_id: ["validation.invalid"] }),
  });

/**
 * sm_decision_date is set when every application infrastructure with eligible
 * accesses is decided, and cleared when one is reopened. The application row
 * is locked first, so two last decisions made at once see each other.
 */
async function refreshDecisionDate(trx: Db, id: number): Promise<"complete" | "open" | "unchanged"> {
  const app = await trx.selectFrom("applications").select("sm_decision_date").where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
  const open = await trx
    .selectFrom("application_infrastructures")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("application_id", "=", id)
    .where("has_eligible_accesses", "=", true)
    .where("sm_decided_at", "is", null)
    .executeTakeFirstOrThrow();
  const complete = open.n === 0;
  if (complete === (app.sm_decision_date !== null)) return "unchanged";
  await trx
    .updateTable("applications")
    .set({ sm_decision_date: complete ? versionNow() : null, updated_at: versionNow() })
    .where("id", "=", id)
    .execute();
  return complete ? "complete" : "open";
}

/** PUT /api/applications/{id}/sm-decision (the body parsed by the API's contract). */
export async function saveDecision(db: Db, id: number, user: StaffUser, input: SmDecisionBody) {
  const { app, own } = await decisionAccess(db, id, user);
  await db.transaction().execute(async (trx) => {
    const ai = await claimDecision(trx, id, input);
    // Only the staff of this very infrastructure decide for it (editors included: they reopen, not decide).
    if (!own.includes(ai.infrastructure_id)) throw forbidden();
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (status !== DECIDING_STATUS) throw new AppError(409, "ri-decisions.errors.not-under-evaluation");
    if (ai.sm_decided_at) throw new AppError(409, "ri-decisions.errors.decided");
    if (decisionDeadlinePassed(app.evaluation_manager_date)) throw new AppError(422, "ri-decisions.errors.deadline-passed");
    const errors = missingFields(input, ai.has_eligible_accesses === true);
    if (Object.keys(errors).length) throw invalid(errors);
    const budget = euroOf(input.sm_budget);
    await trx
      .updateTable("application_infrastructures")
      .set({
        sm_accepted: input.sm_accepted ?? null,
        sm_units: wholeOf(input.sm_units, UNITS_MAX) ?? null,
        sm_participants: wholeOf(input.sm_participants, PARTICIPANTS_MAX) ?? null,
        sm_budget: budget === undefined ? null : budget.toFixed(2),
        sm_justification: input.sm_justification?.trim() || null,
        sm_decided_at: versionNow(),
        sm_decided_by: user.id,
        updated_at: versionNow(),
      })
      .where("id", "=", ai.id)
      .execute();
    // The editors hear when the last decision is in: the application can then be granted.
    if ((await refreshDecisionDate(trx, id)) === "complete") await notifyRole(trx, "editor", { kind: "sm-decisions-complete", applicationId: id });
  });
}

/** PUT /api/applications/{id}/reopen-sm-decision (editor): the decision can be made again; its figures stay as a starting point. */
export async function reopenDecision(db: Db, id: number, user: StaffUser, input: ReopenDecisionBody) {
  await decisionAccess(db, id, user);
  await db.transaction().execute(async (trx) => {
    const ai = await claimDecision(trx, id, input);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (status !== DECIDING_STATUS) throw new AppError(409, "ri-decisions.errors.not-under-evaluation");
    if (!ai.sm_decided_at) throw new AppError(409, "ri-decisions.errors.not-decided");
    await trx
      .updateTable("application_infrastructures")
      .set({ sm_decided_at: null, sm_decided_by: null, updated_at: versionNow() })
      .where("id", "=", ai.id)
      .execute();
    await refreshDecisionDate(trx, id);
    const staff = (await infrastructureStaff(trx, { infrastructureId: ai.infrastructure_id })).filter((u) => u !== user.id);
    await notify(trx, { userIds: staff, kind: "sm-decision-reopened", applicationId: id, mail: true });
  });
}
