// The one way an application's status changes (docs/decisions/015-one-write-pipeline.md):
// applyTransition, driven by the lifecycle table (lifecycle.ts). The
// applicant's submit, accept, withdraw and start-reporting and the editor's
// status changes all take it, so each change makes, in one transaction, the
// same steps: the version claim, the transition the table allows from the
// locked status (with its pre-conditions and notes), the status with its
// stamps, the history row, what the new status opens (the report, the
// submitted draft's rows), and the notifications and e-mails. Its commit ends
// the answers kept until a write (app/db/data-version.server.ts): no caller
// signals anything by hand. No other module updates an application's status
// (tests/lint/write-pipeline.test.ts).
import { sql, type ExpressionBuilder, type Selection } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { AppError, notFound } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { notify, notifyRole } from "../notifications/notify.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";
import { noticeInfrastructureStaff } from "../intake/ri-staff-notice.server";
import { materialiseDraft } from "../intake/materialise.server";
import { openReport, reportFacts } from "../reporting/open-report.server";
import { changeTransition, dedicatedTransition, notesRequired, ownerTransition, targetOf, unmet, type Actor, type LifecycleFacts, type Transition } from "./lifecycle";
import { isApplicationStatus, type ApplicationStatus } from "./status";
import { STEPS } from "./steps";
import { dayPlus, todayIso } from "../days";
import type { Draft } from "./draft";

/** The stale message of every write on an application. */
export const STALE = "applications.stale";

/** The last day of the application's granted accesses (eligible, at an infrastructure that accepted it), as a subquery. */
export const lastAccessDay = (eb: ExpressionBuilder<Database, "applications">) =>
  eb
    .selectFrom("accesses")
    .innerJoin("application_infrastructures", "application_infrastructures.id", "accesses.application_infrastructure_id")
    .select((e) => e.fn.max("accesses.date_to").as("last"))
    .whereRef("accesses.application_id", "=", "applications.id")
    .where("accesses.eligible", "=", true)
    .where("application_infrastructures.sm_accepted", "=", true);

/**
 * What the lifecycle's pre-conditions read, as columns of an `applications`
 * row (subqueries by its id), so that a read of the application gets them in
 * its own round trip (factsOf turns them into the facts).
 */
export const factColumns = (eb: ExpressionBuilder<Database, "applications">) => {
  const count = (table: "application_infrastructures" | "accesses") =>
    eb.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).whereRef(`${table}.application_id`, "=", "applications.id");
  const report = eb.selectFrom("application_reports").whereRef("application_reports.application_id", "=", "applications.id");
  return [
    "applications.evaluation_complete",
    "applications.ta_recommendation_complete",
    count("application_infrastructures").where("application_infrastructures.sm_accepted", "=", true).as("accepted_infrastructures"),
    count("application_infrastructures")
      .where("application_infrastructures.has_eligible_accesses", "=", true)
      .where("application_infrastructures.sm_decided_at", "is", null)
      .as("undecided_infrastructures"),
    count("accesses").as("access_count"),
    count("accesses").where("accesses.eligible", "is", null).as("undecided"),
    count("accesses").where("accesses.eligible", "=", true).as("eligible"),
    // The status it had when it was last withdrawn.
    eb
      .selectFrom("application_history")
      .select("from_status")
      .whereRef("application_history.application_id", "=", "applications.id")
      .where("to_status", "=", "withdrawn")
      .orderBy("application_history.id", "desc")
      .limit(1)
      .as("before_withdrawn"),
    lastAccessDay(eb).as("last_access_day"),
    report.select("submitted_at").as("report_submitted_at"),
    report.select("watchdog_review").as("report_watchdog_review"),
  ] as const;
};

type FactRow = Selection<Database, "applications", ReturnType<typeof factColumns>[number]>;

/** The lifecycle's facts from the columns factColumns read. */
export async function factsOf(db: Db, row: FactRow): Promise<LifecycleFacts> {
  const previous = row.before_withdrawn;
  return {
    eligibilityDone: (row.access_count ?? 0) > 0 && row.undecided === 0,
    eligibleAccess: (row.eligible ?? 0) > 0,
    evaluationComplete: row.evaluation_complete,
    recommendationComplete: row.ta_recommendation_complete,
    infrastructuresDecided: row.undecided_infrastructures === 0,
    infrastructureAccepted: (row.accepted_infrastructures ?? 0) > 0,
    accessesEnded: accessesEnded(row.last_access_day),
    ...(await reportFacts(db, { submitted_at: row.report_submitted_at, watchdog_review: row.report_watchdog_review })),
    previousStatus: previous && isApplicationStatus(previous) ? previous : null,
  };
}

/** Whether the granted accesses, whose last day is `lastDay`, are over: none granted counts as over. */
export const accessesEnded = (lastDay: string | null | undefined, today = todayIso()) => !lastDay || today > lastDay;

/** The day the applicant may start reporting: the day after the last granted access (null when none is granted). */
export const reportingOpensOn = (lastDay: string | null | undefined) => (lastDay ? dayPlus(lastDay, 1) : null);

/** What the lifecycle's pre-conditions read, for one live application. */
export async function lifecycleFacts(db: Db, applicationId: number): Promise<LifecycleFacts> {
  const row = await db.selectFrom("applications").select(factColumns).where("id", "=", applicationId).executeTakeFirst();
  if (!row) throw notFound();
  return factsOf(db, row);
}

export interface TransitionAsked {
  /** Who asks, as the table names them: the editor (the admin area) or the application's owner. */
  who: Actor;
  /** The endpoint that asks (the table's `endpoint`). */
  endpoint: string;
  /** The status the editor picked (change-status). */
  chosen?: ApplicationStatus;
  /** The user who asks, named by the history row. */
  userId: number;
  /** The application's updated_at the client read. */
  readAt: unknown;
  notes?: string;
}

export interface Applied {
  from: ApplicationStatus;
  to: ApplicationStatus;
  /** The report's due day, when the application entered reporting. */
  reportDueOn: string | null;
}

/** No transition of the table from this status: the editor's screens answer 422, the applicant's 409. */
function unavailable(asked: TransitionAsked): AppError {
  if (asked.who === "editor") return new AppError(422, "intake.transition-unavailable", asked.endpoint === "change-status" ? { status: ["intake.same-status"] } : undefined);
  return new AppError(409, asked.endpoint === "submit" ? "applications.not-draft" : "acceptance.errors.wrong-status");
}

/** The transition behind what was asked, from the locked status, with that status as a known one. */
function transitionOf(asked: TransitionAsked, from: string): { transition: Transition; from: ApplicationStatus } {
  if (!isApplicationStatus(from)) {
    if (asked.who === "editor") throw new AppError(409, "intake.unknown-status");
    throw unavailable(asked);
  }
  const transition =
    asked.who === "owner" ? ownerTransition(asked.endpoint, from)
    : asked.endpoint === "change-status" ? changeTransition(from, asked.chosen!)
    : dedicatedTransition(asked.endpoint, from);
  if (!transition) throw unavailable(asked);
  return { transition, from };
}

/** The columns a transition stamps besides the status: the applicant's submit and acceptance are dated, and a draft is no longer submitted. */
function stampsOf(t: Transition, to: ApplicationStatus) {
  if (t.name === "submit") return { submitted_at: versionNow(), step: STEPS.length };
  if (t.name === "accepted") return { accepted_at: versionNow() };
  if (to === "draft") return { submitted_at: null };
  return {};
}

/**
 * Changes the status of application `id` as `asked`, in one transaction: 404
 * when it is gone, 409 STALE when it changed since the client read it, then
 * the transition the lifecycle table has from its status (422 for the editor,
 * 409 for the applicant when there is none), its pre-conditions and its notes
 * (422). Writes the status, the history row, opens the report on entering
 * reporting and the submitted draft's rows on submit, and tells who must hear
 * of it (docs/lifecycle.md#notifications), by e-mail too: the applicant (of
 * every change, their submit included, whose receipt it is), the editors of
 * the applicant's own changes (of a submit, as a new application), the accepted infrastructures of a withdrawal,
 * and the infrastructures' staff once the application reaches the status
 * they see it from.
 */
export async function applyTransition(db: Db, id: number, asked: TransitionAsked): Promise<Applied> {
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, asked.readAt, STALE);
    const app = await trx.selectFrom("applications").select(["status", "user_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    const { transition, from } = transitionOf(asked, app.status);
    const facts = await lifecycleFacts(trx, id);
    const to = targetOf(transition, facts, asked.chosen);
    if (!to) throw new AppError(422, "intake.transition-unavailable");
    const blockers = unmet(transition, facts);
    // The editor's form names what blocks the status it picked (422); the applicant's button was not for now (409).
    if (blockers.length && asked.who === "owner") throw new AppError(409, `intake.blocked.${blockers[0]}`);
    if (blockers.length) throw invalid({ status: blockers.map((b) => `intake.blocked.${b}`) });
    if (notesRequired(transition, facts) && !asked.notes?.trim()) throw invalid({ notes: ["validation.required"] });
    await trx
      .updateTable("applications")
      .set({ status: to, updated_at: versionNow(), ...stampsOf(transition, to) })
      .where("id", "=", id)
      .execute();
    const notes = asked.notes?.trim() || null;
    await trx.insertInto("application_history").values({ application_id: id, from_status: from, to_status: to, user_id: asked.userId, notes }).execute();

    const reportDueOn = to === "reporting" ? await openReport(trx, id, asked.userId) : null;
    if (transition.name === "submit") {
      const { draft } = await trx.selectFrom("applications").select("draft").where("id", "=", id).executeTakeFirstOrThrow();
      await materialiseDraft(trx, id, draft as Draft);
    }

    const params = { from, to, ...(notes ? { notes } : {}) };
    // The applicant hears of every change, their own submit included (their receipt).
    await notify(trx, { userIds: [app.user_id], kind: "status-changed", applicationId: id, params, mail: true });
    if (transition.name === "submit") await notifyRole(trx, "editor", { kind: "application-submitted", applicationId: id, mail: true });
    else if (transition.who === "owner") await notifyRole(trx, "editor", { kind: "status-changed", applicationId: id, params, mail: true });
    // The infrastructures that kept room for it hear of a withdrawal.
    if (transition.name === "withdrawn") await notify(trx, { userIds: await infrastructureStaff(trx, { applicationId: id, acceptedOnly: true }), kind: "grant-withdrawn", applicationId: id, mail: true });
    await noticeInfrastructureStaff(trx, id, to);
    return { from, to, reportDueOn };
  });
}
