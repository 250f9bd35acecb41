// The applicant's own transitions (docs/lifecycle.md#acceptance, #withdrawal): accept the grant, or withdraw
// it (from granted or accepted), checked against the lifecycle table. Each is
// one transaction with the version check, the history row and the
// notifications of the editors and the applicant.
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, parseInput, versionNow } from "../write.server";
import { TRANSITIONS } from "../applications/lifecycle";
import { isApplicationStatus } from "../applications/status";
import type { Reader } from "../applications/application-read.server";
import { notify, notifyRole } from "../notifications/notify.server";
import { todayIso } from "../dates";
import { acceptBody, withdrawBody } from "./bodies";
import { ownApplication } from "./who.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";
import { openReport } from "../reporting/open-report.server";

export const STALE = "applications.stale";
export const WRONG_STATUS = "acceptance.errors.wrong-status";

export type OwnerEndpoint = "accept" | "withdraw" | "start-reporting";

/** The owner's transition behind an endpoint from a status, or null. */
export const ownerTransition = (endpoint: OwnerEndpoint, from: string) =>
  TRANSITIONS.find((t) => t.who === "owner" && t.endpoint === endpoint && isApplicationStatus(from) && t.from.includes(from)) ?? null;

/** Whether the call's acceptance deadline (a day, inclusive) is behind `today`. */
export const acceptanceLate = (acceptanceDate: string, today = todayIso()) => today > acceptanceDate;

/**
 * PUT /api/applications/{id}/accept and /withdraw. Accepting after the call's
 * acceptance_date still works (docs/lifecycle.md#acceptance: the screen warns); the answer says so.
 */
export async function ownerTransitionOf(db: Db, id: number, user: Reader, endpoint: OwnerEndpoint, body: unknown) {
  await ownApplication(db, id, user);
  const input = endpoint === "withdraw" ? await parseInput(withdrawBody, body) : { ...(await parseInput(acceptBody, body)), notes: undefined };
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const row = await trx
      .selectFrom("applications")
      .innerJoin("calls", "calls.id", "applications.call_id")
      .select(["applications.status", "calls.acceptance_date"])
      .where("applications.id", "=", id)
      .executeTakeFirstOrThrow();
    const transition = ownerTransition(endpoint, row.status);
    if (!transition || typeof transition.to !== "string" || !isApplicationStatus(transition.to)) throw new AppError(409, WRONG_STATUS);
    const to = transition.to;
    await trx
      .updateTable("applications")
      .set({ status: to, updated_at: versionNow(), ...(endpoint === "accept" ? { accepted_at: versionNow() } : {}) })
      .where("id", "=", id)
      .execute();
    const notes = input.notes?.trim() || null;
    await trx.insertInto("application_history").values({ application_id: id, from_status: row.status, to_status: to, user_id: user.id, notes }).execute();
    const reportDue = to === "reporting" ? await openReport(trx, id, user.id) : null;
    const params = { from: row.status, to, ...(notes ? { notes } : {}) };
    await notify(trx, { userIds: [user.id], kind: "status-changed", applicationId: id, params, mail: true });
    await notifyRole(trx, "editor", { kind: "status-changed", applicationId: id, params, mail: true });
    // The infrastructures that kept room for it hear of a withdrawal.
    if (to === "withdrawn") await notify(trx, { userIds: await infrastructureStaff(trx, { applicationId: id, acceptedOnly: true }), kind: "grant-withdrawn", applicationId: id, mail: true });
    return { from: row.status, to, late: endpoint === "accept" && acceptanceLate(row.acceptance_date), ...(reportDue ? { report_due_on: reportDue } : {}) };
  });
}
