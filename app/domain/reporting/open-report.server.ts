// The report's row, made the first time an application enters reporting
// (the applicant's start-reporting, the editor's change-status, or the
// override): its due day is fixed then, user_report_days after today in the
// portal's time zone, and kept when reported returns to reporting.
import type { Db } from "~/db/database.server";
import { dayPlus, todayIso } from "../days";
import { getSettings } from "../settings/settings.server";

/** Opens the application's report unless it has one; answers its due day. Call inside the status change's transaction. */
export async function openReport(trx: Db, applicationId: number, userId: number | null): Promise<string> {
  const { user_report_days } = await trx
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .select("calls.user_report_days")
    .where("applications.id", "=", applicationId)
    .executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto("application_reports")
    .values({ application_id: applicationId, due_on: dayPlus(todayIso(), Math.max(1, user_report_days)) })
    .onConflict((oc) => oc.column("application_id").doNothing())
    .returning("due_on")
    .executeTakeFirst();
  if (inserted) {
    await trx.insertInto("report_events").values({ application_id: applicationId, event: "started", user_id: userId }).execute();
    return inserted.due_on;
  }
  const { due_on } = await trx.selectFrom("application_reports").select("due_on").where("application_id", "=", applicationId).executeTakeFirstOrThrow();
  return due_on;
}

/** Whether a submitted report also needs the watchdog's approval (the watchdog-report setting). */
export const watchdogApprovalAsked = async (db: Db) => (await getSettings(db))["watchdog-report"] === "yes";

/**
 * The facts the lifecycle's reported transition needs (docs/lifecycle.md#reported), from the
 * application's report (`report`, both null before reporting): a submitted report, and
 * the watchdog's approval only while the watchdog-report setting asks for one
 * (otherwise it never blocks).
 */
export async function reportFacts(db: Db, report: { submitted_at: unknown; watchdog_review: string | null }): Promise<{ reportSubmitted: boolean; reportApproved: boolean }> {
  const reportSubmitted = Boolean(report.submitted_at);
  return { reportSubmitted, reportApproved: !(await watchdogApprovalAsked(db)) || (reportSubmitted && report.watchdog_review === "approved") };
}

/** The report's stale message: its version (updated_at) is claimed by its application's id, `{ application_id }` (claimVersion). */
export const REPORT_STALE = "reporting.errors.stale";
