// The infrastructures' reminder (docs/lifecycle.md#infrastructure-decision): on a call's sm_reminder_date,
// the staff of every infrastructure with a decision still open on one of the
// call's applications under evaluation are notified and e-mailed, once. The
// row of sm_reminders_sent is written in the mails' transaction and its
// primary key lets one portal instance win; a day missed (the portal was
// down) is caught up until the decisions' deadline, never after.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notify } from "../notifications/notify.server";
import { DECIDING_STATUS } from "./read.server";

/** Managers and administrators of the infrastructures with an open decision in the call. */
export async function staffWithOpenDecisions(db: Db, callId: number): Promise<number[]> {
  const rows = await sql<{ user_id: number }>`
    with open as (
      select distinct ai.infrastructure_id from application_infrastructures ai
      join applications a on a.id = ai.application_id
      where a.call_id = ${callId} and a.deleted_at is null and a.status = ${DECIDING_STATUS}
        and ai.has_eligible_accesses and ai.sm_decided_at is null)
    select i.manager_id as user_id from infrastructures i join open on open.infrastructure_id = i.id where i.manager_id is not null and i.deleted_at is null
    union
    select ia.user_id from infrastructure_administrators ia join open on open.infrastructure_id = ia.infrastructure_id
    order by user_id`.execute(db);
  return rows.rows.map((r) => r.user_id);
}

/** The reminders due on `today` (a Brussels calendar day); answers each call reminded and how many people. */
export async function sendSmReminders(db: Db, today: string): Promise<{ call_id: number; staff: number }[]> {
  const calls = await db
    .selectFrom("calls")
    .select(["id", "title", "evaluation_manager_date"])
    .where("deleted_at", "is", null)
    .where("sm_reminder_date", "<=", today)
    .where("evaluation_manager_date", ">=", today)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("sm_reminders_sent as s").select(sql`1`.as("one")).whereRef("s.call_id", "=", "calls.id"))))
    .execute();
  const sent: { call_id: number; staff: number }[] = [];
  for (const call of calls) {
    const staff = await db.transaction().execute(async (trx) => {
      const won = await trx.insertInto("sm_reminders_sent").values({ call_id: call.id }).onConflict((oc) => oc.doNothing()).returning("call_id").executeTakeFirst();
      if (!won) return null;
      const userIds = await staffWithOpenDecisions(trx, call.id);
      await notify(trx, { userIds, kind: "sm-reminder", params: { call: call.title, deadline: call.evaluation_manager_date }, mail: true });
      return userIds.length;
    });
    if (staff !== null) sent.push({ call_id: call.id, staff });
  }
  return sent;
}
