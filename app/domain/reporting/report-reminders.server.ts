// The report reminders (docs/lifecycle.md#report-reminders): group leaders whose report is due soon
// or past and not submitted, and infrastructure staff with submitted reports'
// accesses still to confirm. From the call's admin screen (editor), and on
// their own 7 days before and on each report's due day, once per application,
// audience and offset (report_reminders_sent, inserted in the mails'
// transaction, so several instances never send one twice).
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { dayPlus } from "../days";
import { notify } from "../notifications/notify.server";

/** Days before the due day when the scheduled reminders go out. */
export const REPORT_REMINDER_DAYS = [7, 0] as const;
/** The manual applicant reminder covers reports due within this many days, or past. */
export const APPLICANT_WINDOW_DAYS = 7;

/** Reports of the call's applications in reporting, not submitted, due by `dueBy` (inclusive). */
function unsubmitted(db: Db, callId: number | null, dueBy: string) {
  let q = db
    .selectFrom("application_reports as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .select(["a.id", "a.user_id", "r.due_on"])
    .where("a.status", "=", "reporting")
    .where("a.deleted_at", "is", null)
    .where("r.submitted_at", "is", null)
    .where("r.due_on", "<=", dueBy);
  if (callId !== null) q = q.where("a.call_id", "=", callId);
  return q.execute();
}

/** Submitted reports of the call whose accesses an accepted infrastructure has not confirmed yet, with those infrastructures' staff. */
async function unconfirmed(db: Db, callId: number | null, applicationId?: number) {
  let q = db
    .selectFrom("accesses as x")
    .innerJoin("application_infrastructures as ai", "ai.id", "x.application_infrastructure_id")
    .innerJoin("applications as a", "a.id", "x.application_id")
    .innerJoin("application_reports as r", "r.application_id", "a.id")
    .select(["a.id", "r.due_on", "ai.infrastructure_id"])
    .distinct()
    .where("a.status", "in", ["reporting", "reported"])
    .where("a.deleted_at", "is", null)
    .where("r.submitted_at", "is not", null)
    .where("x.eligible", "=", true)
    .where("ai.sm_accepted", "=", true)
    .where("x.sm_report_confirmed", "is", null);
  if (callId !== null) q = q.where("a.call_id", "=", callId);
  if (applicationId !== undefined) q = q.where("a.id", "=", applicationId);
  const rows = await q.execute();
  const staff = await staffOf(db, [...new Set(rows.map((r) => r.infrastructure_id))]);
  return rows.map((r) => ({ id: r.id, due_on: r.due_on, userIds: staff.get(r.infrastructure_id) ?? [] }));
}

/** Each infrastructure's manager and administrators. */
async function staffOf(db: Db, infrastructureIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!infrastructureIds.length) return out;
  const rows = await db
    .selectFrom("infrastructures as i")
    .leftJoin("infrastructure_administrators as ia", "ia.infrastructure_id", "i.id")
    .select(["i.id", "i.manager_id", "ia.user_id"])
    .where("i.id", "in", infrastructureIds)
    .where("i.deleted_at", "is", null)
    .execute();
  for (const r of rows) {
    const list = out.get(r.id) ?? [];
    for (const u of [r.manager_id, r.user_id]) if (u !== null && !list.includes(u)) list.push(u);
    out.set(r.id, list);
  }
  return out;
}

async function liveCall(db: Db, callId: number) {
  const call = await db.selectFrom("calls").select("id").where("id", "=", callId).where("deleted_at", "is", null).executeTakeFirst();
  if (!call) throw notFound();
}

/** PUT /api/calls/{id}/applicant-report-reminder: answers how many group leaders were reminded. */
export async function remindApplicants(db: Db, callId: number, today: string): Promise<{ applicants: number }> {
  await liveCall(db, callId);
  return db.transaction().execute(async (trx) => {
    const due = await unsubmitted(trx, callId, dayPlus(today, APPLICANT_WINDOW_DAYS));
    for (const r of due) await notify(trx, { userIds: [r.user_id], kind: "report-reminder", applicationId: r.id, params: { deadline: r.due_on }, mail: true });
    return { applicants: new Set(due.map((r) => r.user_id)).size };
  });
}

/** PUT /api/calls/{id}/report-reminder: answers how many staff members were reminded. */
export async function remindStaff(db: Db, callId: number): Promise<{ staff: number }> {
  await liveCall(db, callId);
  return db.transaction().execute(async (trx) => {
    const pending = await unconfirmed(trx, callId);
    const reached = new Set<number>();
    for (const p of pending) {
      await notify(trx, { userIds: p.userIds, kind: "report-confirmation-reminder", applicationId: p.id, params: { deadline: p.due_on }, mail: true });
      p.userIds.forEach((u) => reached.add(u));
    }
    return { staff: reached.size };
  });
}

/** Records a scheduled reminder; false when another instance (or an earlier run) sent it already. */
async function claim(trx: Db, applicationId: number, audience: "applicant" | "staff", days: number): Promise<boolean> {
  const won = await trx
    .insertInto("report_reminders_sent")
    .values({ application_id: applicationId, audience, days_before: days })
    .onConflict((oc) => oc.doNothing())
    .returning("application_id")
    .executeTakeFirst();
  return won !== undefined;
}

/**
 * The reminders due on `today`: for each report due in 7 days or today (or
 * between, after a missed run), the applicant when it is not submitted, the
 * staff when its accesses still wait for them.
 */
export async function sendReportReminders(db: Db, today: string): Promise<{ application_id: number; audience: string; days_before: number }[]> {
  const sent: { application_id: number; audience: string; days_before: number }[] = [];
  for (const days of REPORT_REMINDER_DAYS) {
    // The week's reminder until the eve of the due day (after a missed run too); the due day's on that day.
    const window = days === 0 ? sql<boolean>`due_on = ${today}::date` : sql<boolean>`due_on > ${today}::date and due_on <= ${today}::date + ${days}::int`;
    const reports = await db.selectFrom("application_reports").select(["application_id", "submitted_at", "due_on"]).where(window).execute();
    for (const r of reports) {
      const mine = await db.transaction().execute(async (trx) => {
        const out: string[] = [];
        if (r.submitted_at === null) {
          const due = (await unsubmitted(trx, null, r.due_on)).filter((x) => x.id === r.application_id);
          if (due.length && (await claim(trx, r.application_id, "applicant", days))) {
            await notify(trx, { userIds: [due[0].user_id], kind: "report-reminder", applicationId: r.application_id, params: { deadline: r.due_on }, mail: true });
            out.push("applicant");
          }
        } else {
          const pending = await unconfirmed(trx, null, r.application_id);
          if (pending.length && (await claim(trx, r.application_id, "staff", days))) {
            await notify(trx, { userIds: [...new Set(pending.flatMap((p) => p.userIds))], kind: "report-confirmation-reminder", applicationId: r.application_id, params: { deadline: r.due_on }, mail: true });
            out.push("staff");
          }
        }
        return out;
      });
      for (const audience of mine) sent.push({ application_id: r.application_id, audience, days_before: days });
    }
  }
  return sent;
}
