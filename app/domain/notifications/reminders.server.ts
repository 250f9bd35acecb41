import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { notify } from "./notify.server";

/** Days before a call's evaluation_date on which its open evaluators are reminded on their own. */
export const REMINDER_DAYS_BEFORE = [7, 1] as const;

/** Evaluators with an evaluation still open in the call: assigned or accepted, not submitted, on a live application under evaluation. */
async function openEvaluators(trx: Db, callId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .select("r.user_id")
    .distinct()
    .where("a.call_id", "=", callId)
    .where("a.deleted_at", "is", null)
    .where("a.status", "=", "under-evaluation")
    .where("r.role", "=", "evaluator")
    .where("r.state", "in", ["assigned", "accepted"])
    .where("r.submitted_at", "is", null)
    .orderBy("r.user_id")
    .execute();
  return rows.map((r) => r.user_id);
}

/** Notifies and e-mails each open evaluator of the call, in the caller's transaction; answers how many. */
export async function remindEvaluators(trx: Db, callId: number): Promise<number> {
  const call = await trx.selectFrom("calls").select(["id", "title", "evaluation_date"]).where("id", "=", callId).where("deleted_at", "is", null).executeTakeFirst();
  if (!call) throw notFound();
  const userIds = await openEvaluators(trx, callId);
  await notify(trx, { userIds, kind: "evaluation-reminder", params: { call: call.title, deadline: call.evaluation_date }, mail: true });
  return userIds.length;
}

/** PUT /api/calls/{id}/evaluation-reminder. */
export async function sendEvaluationReminder(db: Db, callId: number): Promise<{ evaluators: number }> {
  return { evaluators: await db.transaction().execute((trx) => remindEvaluators(trx, callId)) };
}

/**
 * The reminders due on `today` (a Brussels calendar day): each call whose
 * evaluation_date is 7 or 1 days away, once. The row recording it is inserted
 * in the same transaction as the mails, and its primary key lets only one
 * instance win, so a reminder never goes twice, even with several instances.
 */
export async function sendScheduledReminders(db: Db, today: string): Promise<{ call_id: number; days_before: number; evaluators: number }[]> {
  const sent: { call_id: number; days_before: number; evaluators: number }[] = [];
  for (const days of REMINDER_DAYS_BEFORE) {
    const calls = await db
      .selectFrom("calls")
      .select("id")
      .where("deleted_at", "is", null)
      .where("evaluation_date", "=", sql<string>`${today}::date + ${days}::int`)
      .execute();
    for (const { id } of calls) {
      const evaluators = await db.transaction().execute(async (trx) => {
        const won = await trx
          .insertInto("evaluation_reminders_sent")
          .values({ call_id: id, days_before: days })
          .onConflict((oc) => oc.doNothing())
          .returning("call_id")
          .executeTakeFirst();
        return won ? remindEvaluators(trx, id) : null;
      });
      if (evaluators !== null) sent.push({ call_id: id, days_before: days, evaluators });
    }
  }
  return sent;
}
