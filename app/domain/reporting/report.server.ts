// The applicant's report (docs/lifecycle.md#reporting; ADR 027): read for editing,
// one part saved at a time (bounds only, nothing lost), submitted whole, and
// reopened by the editor. Only the owner writes; every write is one
// transaction with the report's version check.
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { linkMedia, mediaOf, type LinkedMedium } from "../media/media.server";
import type { Reader } from "../applications/application-read.server";
import { applicationStatusOf } from "../applications/status";
import { accessStatusOf } from "../applications/access-status";
import { ownApplication } from "../acceptance/who.server";
import { getSettings } from "../settings/settings.server";
import { todayIso } from "../days";
import { notify, notifyRole } from "../notifications/notify.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";
import { REPORT_STALE, watchdogApprovalAsked } from "./open-report.server";
import { partsOf, type ReportAsks } from "./parts";
import { PART_BODIES, type EditablePart, type PartInput, type ReopenReportBody, type SubmitReportBody } from "./report-bodies";
import { partErrors, submitErrors, type ReportState } from "./report-rules";

export const CLOSED = "reporting.errors.closed";
export const NOT_SUBMITTED = "reporting.errors.not-submitted";
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const file = (m: LinkedMedium | undefined) => (m ? { id: m.id, name: m.name, mime_type: m.mime_type, size: m.size } : null);

/** The accesses a report covers: the eligible ones at infrastructures that accepted the application. */
export async function reportedAccesses(db: Db, applicationId: number) {
  const rows = await db
    .selectFrom("accesses as a")
    .innerJoin("application_infrastructures as ai", "ai.id", "a.application_infrastructure_id")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .select([
      "a.id", "a.type", "a.date_from", "a.date_to", "a.requested_units", "a.status", "a.user_units", "a.user_date_from", "a.user_date_to",
      "a.sm_report_confirmed", "a.sm_report_units", "a.sm_report_type", "a.sm_report_date_from", "a.sm_report_date_to", "a.sm_reimbursement_date",
      "ai.id as application_infrastructure_id", "ai.infrastructure_id", "i.name as infrastructure_name", "i.short_name as infrastructure_short_name",
    ])
    .where("a.application_id", "=", applicationId)
    .where("a.eligible", "=", true)
    .where("ai.sm_accepted", "=", true)
    .orderBy("ai.position")
    .orderBy("a.position")
    .execute();
  return rows.map((a) => ({ ...a, status: accessStatusOf(a.status) }));
}

/** What the report's parts ask for: publications and the final data management plan follow the settings and the call. */
export async function reportAsks(db: Db, call: { new_publications: boolean; data_management_plan: boolean }): Promise<ReportAsks> {
  const settings = await getSettings(db);
  return { publications: settings.publications === "yes" && call.new_publications, dataManagementPlan: settings["data-management-plan"] === "yes" && call.data_management_plan };
}

/** The report's row, its application and call, or 409 when the application has not entered reporting. */
async function reportRow(db: Db, id: number) {
  const row = await db
    .selectFrom("application_reports as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .selectAll("r")
    .select(["a.status", "a.acronym", "a.title", "a.user_id", "c.id as call_id", "c.title as call_title", "c.title_fr as call_title_fr", "c.new_publications", "c.data_management_plan"])
    .where("r.application_id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError(409, "reporting.errors.not-started");
  return { ...row, status: applicationStatusOf(row.status) };
}

/** GET /api/applications/{id}/report: the owner's report, as the report's screens edit it. */
export async function readReport(db: Db, id: number, user: Reader) {
  await ownApplication(db, id, user);
  return buildReport(db, id);
}

/** The report of application `id` as its parts show it, for whoever may read it (the caller checks). */
export async function buildReport(db: Db, id: number) {
  const row = await reportRow(db, id);
  const [accesses, asks, files, templates, approvalAsked] = await Promise.all([
    reportedAccesses(db, id),
    reportAsks(db, row),
    mediaOf(db, "application", [id]),
    mediaOf(db, "call", [row.call_id]),
    watchdogApprovalAsked(db),
  ]);
  const mine = files.get(String(id)) ?? [];
  const ofCall = templates.get(String(row.call_id)) ?? [];
  const linked = (collection: string, list: LinkedMedium[]) => file(list.find((m) => m.collection === collection));
  const state: ReportState = {
    ...row,
    accesses,
    scientific_report: mine.some((m) => m.collection === "scientific_report"),
    data_man_final: mine.some((m) => m.collection === "data_man_final"),
    dmp_asked: asks.dataManagementPlan,
  };
  const errors = partErrors(state);
  const submitted = row.submitted_at !== null;
  return {
    id,
    status: row.status,
    acronym: row.acronym,
    title: row.title,
    call: { id: row.call_id, title: row.call_title, title_fr: row.call_title_fr },
    updated_at: iso(row.updated_at)!,
    due_on: row.due_on,
    late: todayIso() > row.due_on,
    submitted_at: iso(row.submitted_at),
    can_edit: row.status === "reporting" && !submitted,
    asks,
    approval_asked: approvalAsked,
    parts: partsOf(asks).map((part) => ({ part, complete: part in errors ? Object.keys(errors[part as EditablePart]).length === 0 : part === "publications" || submitted })),
    errors,
    watchdog_rejection: row.watchdog_review === "rejected" ? { note: row.watchdog_review_note, at: iso(row.watchdog_reviewed_at) } : null,
    activity: { season_objectives: row.season_objectives, achievements_and_difficulties: row.achievements_and_difficulties },
    accesses: accesses.map((a) => ({
      id: a.id, type: a.type, date_from: a.date_from, date_to: a.date_to, requested_units: a.requested_units, status: a.status,
      user_units: a.user_units, user_date_from: a.user_date_from, user_date_to: a.user_date_to,
      infrastructure: { id: a.infrastructure_id, name: a.infrastructure_name, short_name: a.infrastructure_short_name },
    })),
    documents: {
      scientific_report: linked("scientific_report", mine),
      data_man_final: linked("data_man_final", mine),
      scientific_report_template: linked("scientific_report_template", ofCall),
      data_man_template: linked("data_man_template", ofCall),
    },
    confirmations: accesses.map((a) => ({
      id: a.id, sm_report_confirmed: a.sm_report_confirmed, sm_report_units: a.sm_report_units, sm_report_type: a.sm_report_type,
      sm_report_date_from: a.sm_report_date_from, sm_report_date_to: a.sm_report_date_to, sm_reimbursement_date: a.sm_reimbursement_date,
    })),
    watchdog: { review: row.watchdog_review, note: row.watchdog_review_note, at: iso(row.watchdog_reviewed_at) },
    feedback: {
      quantitative_feedback_coordination: row.quantitative_feedback_coordination,
      quantitative_feedback_infrastructure: row.quantitative_feedback_infrastructure,
      quantitative_feedback_overall: row.quantitative_feedback_overall,
      feedback_recommend: row.feedback_recommend,
      text_feedback_coordination: row.text_feedback_coordination,
      text_feedback_infrastructure: row.text_feedback_infrastructure,
      text_feedback_overall: row.text_feedback_overall,
    },
  };
}

export type Report = Awaited<ReturnType<typeof buildReport>>;

/** Inside the transaction: the report is the owner's to edit (reporting, not submitted), else 409. */
async function editable(trx: Db, id: number, readAt: unknown) {
  await claimVersion(trx, "application_reports", { application_id: id }, readAt, REPORT_STALE);
  const row = await reportRow(trx, id);
  if (row.status !== "reporting" || row.submitted_at !== null) throw new AppError(409, CLOSED);
  return row;
}

/** PUT /api/applications/{id}/report/{part}: saves what was typed in one part (its body parsed by the API's contract). */
export async function saveReportPart<P extends EditablePart>(db: Db, id: number, user: Reader, part: P, body: PartInput<P>) {
  await ownApplication(db, id, user);
  const input: PartInput = body;
  await db.transaction().execute(async (trx) => {
    await editable(trx, id, input.updated_at);
    if ("accesses" in input) {
      const covered = new Set((await reportedAccesses(trx, id)).map((a) => a.id));
      const strangers = input.accesses.flatMap((a, i) => (covered.has(a.id) ? [] : [`accesses.${i}.id`]));
      if (strangers.length) throw invalid(Object.fromEntries(strangers.map((k) => [k, ["validation.invalid"]])));
      for (const a of input.accesses) {
        await trx
          .updateTable("accesses")
          .set({ user_units: a.user_units ?? null, user_date_from: a.user_date_from ?? null, user_date_to: a.user_date_to ?? null, updated_at: versionNow() })
          .where("id", "=", a.id)
          .execute();
      }
    } else if ("scientific_report" in input || "data_man_final" in input) {
      for (const collection of ["scientific_report", "data_man_final"] as const) {
        const medium = (input as { scientific_report?: number | null; data_man_final?: number | null })[collection];
        if (medium === undefined) continue;
        try {
          await linkMedia(trx, { type: "application", id, collection }, medium === null ? [] : [medium], user);
        } catch (err) {
          if (err instanceof AppError && err.status === 422) throw invalid({ [collection]: ["media.not-found"] });
          throw err;
        }
      }
    } else {
      const { updated_at: _version, ...fields } = input as Record<string, unknown>;
      const values = Object.fromEntries(Object.keys(fields).map((k) => [k, fields[k] ?? null]));
      // A blank field clears it: absent in the body is "blank" for a form's field.
      const columns = part === "activity" ? ["season_objectives", "achievements_and_difficulties"] : Object.keys(PART_BODIES.feedback.shape).filter((k) => k !== "updated_at");
      for (const c of columns) values[c] ??= null;
      await trx.updateTable("application_reports").set(values).where("application_id", "=", id).execute();
    }
    await trx.updateTable("application_reports").set({ updated_at: versionNow() }).where("application_id", "=", id).execute();
  });
  return readReport(db, id, user);
}

/**
 * PUT /api/applications/{id}/submit-report: every part complete, else 422 with
 * each missing field keyed `<part>.<field>`. A late report is accepted and
 * says so (ADR 027). The accesses become user_reported; the editors, the
 * watchdogs (when their approval is asked) and the accepted infrastructures'
 * staff hear of it.
 */
export async function submitReport(db: Db, id: number, user: Reader, input: SubmitReportBody) {
  await ownApplication(db, id, user);
  const before = await readReport(db, id, user);
  const late = await db.transaction().execute(async (trx) => {
    const row = await editable(trx, id, input.updated_at);
    const errors = submitErrors({ ...before.activity, ...before.feedback, accesses: before.accesses, scientific_report: before.documents.scientific_report !== null, data_man_final: before.documents.data_man_final !== null, dmp_asked: before.asks.dataManagementPlan });
    if (Object.keys(errors).length) throw invalid(errors);
    await trx
      .updateTable("application_reports")
      .set({ submitted_at: versionNow(), submitted_by: user.id, watchdog_review: null, watchdog_review_note: null, watchdog_reviewed_by: null, watchdog_reviewed_at: null, updated_at: versionNow() })
      .where("application_id", "=", id)
      .execute();
    const ids = before.accesses.map((a) => a.id);
    if (ids.length) await trx.updateTable("accesses").set({ status: "user_reported", updated_at: versionNow() }).where("id", "in", ids).where("status", "=", "proposed").execute();
    await trx.insertInto("report_events").values({ application_id: id, event: "submitted", user_id: user.id }).execute();
    const late = todayIso() > row.due_on;
    const params: Record<string, string> = late ? { due: row.due_on } : {};
    await notifyRole(trx, "editor", { kind: "report-submitted", applicationId: id, params, mail: true });
    if (await watchdogApprovalAsked(trx)) {
      const watchdogs = await trx.selectFrom("application_reviewers").select("user_id").where("application_id", "=", id).where("role", "=", "watchdog").where("state", "!=", "conflict").execute();
      await notify(trx, { userIds: watchdogs.map((w) => w.user_id), kind: "report-to-approve", applicationId: id, mail: true });
    }
    await notify(trx, { userIds: await infrastructureStaff(trx, { applicationId: id, acceptedOnly: true }), kind: "report-to-confirm", applicationId: id, mail: true });
    return late;
  });
  return { submitted: true, late, report: await readReport(db, id, user) };
}

/** PUT /api/applications/{id}/reopen-report (the admin area): the report goes back to its applicant, with the editor's notes. */
export async function reopenReport(db: Db, id: number, editor: Reader, input: ReopenReportBody) {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "application_reports", { application_id: id }, input.updated_at, REPORT_STALE);
    const row = await reportRow(trx, id);
    if (row.submitted_at === null || row.status !== "reporting") throw new AppError(409, NOT_SUBMITTED);
    await trx
      .updateTable("application_reports")
      .set({ submitted_at: null, watchdog_review: null, watchdog_review_note: null, watchdog_reviewed_by: null, watchdog_reviewed_at: null, updated_at: versionNow() })
      .where("application_id", "=", id)
      .execute();
    await trx.updateTable("accesses").set({ status: "proposed", updated_at: versionNow() }).where("application_id", "=", id).where("status", "=", "user_reported").execute();
    const notes = input.notes?.trim() || null;
    await trx.insertInto("report_events").values({ application_id: id, event: "reopened", user_id: editor.id, note: notes }).execute();
    await notify(trx, { userIds: [row.user_id], kind: "report-reopened", applicationId: id, params: notes ? { notes } : {}, mail: true });
  });
  return { reopened: true };
}
