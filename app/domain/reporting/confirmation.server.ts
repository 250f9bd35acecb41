// Each infrastructure confirms what its reported accesses actually used and
// when it reimbursed them (docs/lifecycle.md#report-confirmation): only the staff of that very
// infrastructure (as for its decision, ADR 025), while the application is in
// reporting or reported. The version is the application infrastructure's, so
// two infrastructures confirming at once do not refuse each other.
import type { Db } from "~/db/database.server";
import { AppError, forbidden } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { notifyRole } from "../notifications/notify.server";
import { decisionAccess } from "../ri-decisions/read.server";
import type { StaffUser } from "../ri-decisions/staff.server";
import { reportedAccesses } from "./report.server";
import { confirmationErrors, type SmReportBody } from "./confirmation-bodies";

export const CONFIRMING_STATUSES = ["reporting", "reported"];
export const STALE = "ri-decisions.errors.stale";
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** GET /api/applications/{id}/sm-report: the reported accesses of the caller's infrastructures (every one for the admin area), with the applicant's figures. */
export async function readConfirmations(db: Db, id: number, user: StaffUser) {
  const { app, own, infrastructures } = await decisionAccess(db, id, user);
  const [accesses, report] = await Promise.all([
    reportedAccesses(db, id),
    db.selectFrom("application_reports").select(["submitted_at", "due_on"]).where("application_id", "=", id).executeTakeFirst(),
  ]);
  const open = CONFIRMING_STATUSES.includes(app.status);
  return {
    id,
    status: app.status,
    report: report ? { submitted_at: iso(report.submitted_at), due_on: report.due_on } : null,
    infrastructures: infrastructures
      .filter((ai) => ai.sm_accepted)
      .map((ai) => ({
        id: ai.id,
        infrastructure_id: ai.infrastructure_id,
        name: ai.name,
        short_name: ai.short_name,
        updated_at: iso(ai.updated_at)!,
        can_confirm: open && own.includes(ai.infrastructure_id),
        accesses: accesses
          .filter((a) => a.application_infrastructure_id === ai.id)
          .map((a) => ({
            id: a.id, type: a.type, status: a.status, date_from: a.date_from, date_to: a.date_to, requested_units: a.requested_units,
            user_units: a.user_units, user_date_from: a.user_date_from, user_date_to: a.user_date_to,
            sm_report_confirmed: a.sm_report_confirmed, sm_report_units: a.sm_report_units, sm_report_type: a.sm_report_type,
            sm_report_date_from: a.sm_report_date_from, sm_report_date_to: a.sm_report_date_to, sm_reimbursement_date: a.sm_reimbursement_date,
          })),
      })),
  };
}

/** PUT /api/applications/{id}/sm-report: one infrastructure's confirmations, whole (every reported access of it; the body parsed by the API's contract). */
export async function saveConfirmations(db: Db, id: number, user: StaffUser, input: SmReportBody) {
  const { own } = await decisionAccess(db, id, user);
  await db.transaction().execute(async (trx) => {
    const notOne = () => invalid({ application_infrastructure_id: ["validation.invalid"] });
    const ai = await claimVersion(trx, "application_infrastructures", { id: input.application_infrastructure_id, application_id: id }, input.updated_at, STALE, {
      columns: ["id", "infrastructure_id", "sm_accepted"],
      missing: notOne,
      check: (row) => {
        if (!row.sm_accepted) throw notOne();
        if (!own.includes(row.infrastructure_id)) throw forbidden();
      },
    });
    const { name } = await trx.selectFrom("infrastructures").select("name").where("id", "=", ai.infrastructure_id).executeTakeFirstOrThrow();
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (!CONFIRMING_STATUSES.includes(status)) throw new AppError(409, "reporting.errors.not-confirmable");
    const expected = (await reportedAccesses(trx, id)).filter((a) => a.application_infrastructure_id === ai.id).map((a) => a.id);
    const given = input.accesses.map((a) => a.id);
    if (given.length !== expected.length || !expected.every((a) => given.includes(a))) throw invalid({ accesses: ["validation.invalid"] });
    const errors = confirmationErrors(input.accesses);
    if (Object.keys(errors).length) throw invalid(errors);
    for (const a of input.accesses) {
      const confirmed = a.sm_report_confirmed === true;
      await trx
        .updateTable("accesses")
        .set({
          sm_report_confirmed: a.sm_report_confirmed ?? null,
          sm_report_units: confirmed ? a.sm_report_units! : null,
          sm_report_type: confirmed ? a.sm_report_type! : null,
          sm_report_date_from: confirmed ? a.sm_report_date_from! : null,
          sm_report_date_to: confirmed ? a.sm_report_date_to! : null,
          sm_reimbursement_date: confirmed ? a.sm_reimbursement_date! : null,
          sm_reported_at: versionNow(),
          sm_reported_by: user.id,
          status: "sm_reported",
          updated_at: versionNow(),
        })
        .where("id", "=", a.id)
        .execute();
    }
    await trx.updateTable("application_infrastructures").set({ updated_at: versionNow() }).where("id", "=", ai.id).execute();
    await notifyRole(trx, "editor", { kind: "report-confirmed", applicationId: id, params: { infrastructure: name } });
  });
  return readConfirmations(db, id, user);
}
