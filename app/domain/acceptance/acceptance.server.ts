// The applicant's own transitions (docs/lifecycle.md#acceptance, #withdrawal): accept the grant, or withdraw
// it (from granted or accepted), or start reporting, each taken through the
// one status change of the lifecycle table (applyTransition: the version
// check, the history row and the notifications of the editors and the applicant).
import type { Db } from "~/db/database.server";
import { applyTransition } from "../applications/transition.server";
import type { Reader } from "../applications/application-read.server";
import { todayIso } from "../dates";
import type { AcceptBody, WithdrawBody } from "./bodies";
import { ownApplication } from "./who.server";

export { STALE } from "../applications/transition.server";
export { ownerTransition } from "../applications/lifecycle";

export type OwnerEndpoint = "accept" | "withdraw" | "start-reporting";

/** Whether the call's acceptance deadline (a day, inclusive) is behind `today`. */
export const acceptanceLate = (acceptanceDate: string, today = todayIso()) => today > acceptanceDate;

/**
 * PUT /api/applications/{id}/accept, /withdraw and /start-reporting.
 * Accepting after the call's acceptance_date still works (docs/lifecycle.md#acceptance: the screen warns); the answer says so.
 * The body is parsed by the API's contract: notes are the withdrawal's only.
 */
export async function ownerTransitionOf(db: Db, id: number, user: Reader, endpoint: OwnerEndpoint, body: AcceptBody | WithdrawBody) {
  await ownApplication(db, id, user);
  const input = { ...body, notes: endpoint === "withdraw" && "notes" in body ? body.notes : undefined };
  const { from, to, reportDueOn } = await applyTransition(db, id, { who: "owner", endpoint, userId: user.id, readAt: input.updated_at, notes: input.notes });
  const late = endpoint === "accept" && acceptanceLate(await acceptanceDateOf(db, id));
  return { from, to, late, ...(reportDueOn ? { report_due_on: reportDueOn } : {}) };
}

async function acceptanceDateOf(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .select("calls.acceptance_date")
    .where("applications.id", "=", id)
    .executeTakeFirstOrThrow();
  return row.acceptance_date;
}
