// The watchdog's verdict on a submitted report (docs/lifecycle.md#report-review, docs/validation.md#feedback: a note
// is required to reject), asked only while the watchdog-report setting is
// yes. A rejected report goes back to its applicant with the note; an
// approved one lets the editor set the application reported.
import * as z from "zod/mini";
import type { Db } from "~/db/database.server";
import { AppError, forbidden } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { versionSchema } from "../dates";
import { optionalText, TEXT_MAX } from "../applications/fields";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { notify, notifyRole } from "../notifications/notify.server";
import { REPORT_STALE, watchdogApprovalAsked } from "./open-report.server";

export const VERDICTS = ["approved", "rejected"] as const;

/** PUT /api/applications/{id}/watchdog-report-review; updated_at is the report's. */
export const watchdogReviewBody = z.object({
  verdict: z.enum(VERDICTS, { error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalid") }),
  note: optionalText(TEXT_MAX),
  updated_at: versionSchema,
});
export type WatchdogReviewBody = z.infer<typeof watchdogReviewBody>;

/** Whether `user` watches application `id` (assigned, not in conflict). */
export async function watchesApplication(db: Db, id: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("application_reviewers")
    .select("id")
    .where("application_id", "=", id)
    .where("user_id", "=", userId)
    .where("role", "=", "watchdog")
    .where("state", "!=", "conflict")
    .executeTakeFirst();
  return row !== undefined;
}

/** The application `id` as one of its watchdogs reviews its report: 404 to whoever may not read it, 403 to a reader who does not watch it. */
export async function reportWatchdog(db: Db, id: number, user: Reader) {
  await visibleRow(db, id, user);
  if (!(await watchesApplication(db, id, user.id))) throw forbidden();
}

/** PUT /api/applications/{id}/watchdog-report-review: the verdict (its body parsed by the API's contract). */
export async function reviewReport(db: Db, id: number, user: Reader, input: WatchdogReviewBody) {
  await reportWatchdog(db, id, user);
  if (!(await watchdogApprovalAsked(db))) throw new AppError(422, "reporting.errors.approval-not-asked");
  const note = input.note?.trim() || null;
  if (input.verdict === "rejected" && !note) throw invalid({ note: ["validation.required"] });
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "application_reports", { application_id: id }, input.updated_at, REPORT_STALE);
    const report = await trx
      .selectFrom("application_reports as r")
      .innerJoin("applications as a", "a.id", "r.application_id")
      .select(["r.submitted_at", "r.watchdog_review", "a.status", "a.user_id"])
      .where("r.application_id", "=", id)
      .executeTakeFirstOrThrow();
    if (report.status !== "reporting" || report.submitted_at === null || report.watchdog_review !== null) throw new AppError(409, "reporting.errors.not-reviewable");
    const rejected = input.verdict === "rejected";
    await trx
      .updateTable("application_reports")
      .set({
        watchdog_review: input.verdict, watchdog_review_note: note, watchdog_reviewed_by: user.id, watchdog_reviewed_at: versionNow(),
        // A rejected report goes back to its applicant, open again.
        ...(rejected ? { submitted_at: null } : {}),
        updated_at: versionNow(),
      })
      .where("application_id", "=", id)
      .execute();
    if (rejected) await trx.updateTable("accesses").set({ status: "proposed", updated_at: versionNow() }).where("application_id", "=", id).where("status", "=", "user_reported").execute();
    await trx.insertInto("report_events").values({ application_id: id, event: input.verdict, user_id: user.id, note }).execute();
    if (rejected) await notify(trx, { userIds: [report.user_id], kind: "report-rejected", applicationId: id, params: { notes: note! }, mail: true });
    else await notifyRole(trx, "editor", { kind: "report-approved", applicationId: id, mail: true });
  });
  return { verdict: input.verdict };
}
