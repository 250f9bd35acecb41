// The watchdog's part (docs/lifecycle.md#watchdog-review): the submitted evaluations of the
// applications they watch, a review of each (agree, or a comment the editor
// must read), a conflict of interest, and the editor reopening a review.
// PUT /api/watchdog-reviews/{id} names the EVALUATION reviewed: the first save
// creates the review (one per watchdog and evaluation), later saves need its
// updated_at. A saved review is closed until an editor reopens it.
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { applicationStatusOf } from "../applications/status";
import { reviewerStateOf } from "./states";
import { isAdminArea, type Actor } from "../users/roles";
import { claimVersion, versionNow } from "../write.server";
import type { ConflictInput, ReopenReviewInput, WatchdogReviewInput } from "./bodies";
import { callCriteria } from "./criteria.server";
import type { Scores } from "./criteria";
import { iso, ownAssignment, STALE } from "./reviewer-rows.server";
import { todayIso } from "../days";
import { watchdogApprovalAsked } from "../reporting/open-report.server";
import { byUrgency, nextAction } from "../todo/next-action";

type Reader = Actor;

/** GET /api/applications/to-watch: the applications the caller watches, with how many evaluations are in, how many they reviewed, and their next action. */
export async function toWatch(db: Db, reader: { id: number }) {
  const rows = await db
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select((eb) => [
      "r.id", "r.application_id", "r.state", "a.acronym", "a.title", "a.status as application_status", "a.call_id",
      "c.title as call_title", "c.evaluation_date",
      eb
        .selectFrom("application_reviewers as e")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("e.application_id", "=", "r.application_id")
        .where("e.role", "=", "evaluator")
        .where("e.state", "=", "submitted")
        .as("evaluations_submitted"),
      eb
        .selectFrom("watchdog_reviews as w")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("w.watchdog_id", "=", "r.id")
        .where("w.submitted_at", "is not", null)
        .as("reviews_done"),
      eb
        .exists(
          eb
            .selectFrom("application_reports as rep")
            .select("rep.application_id")
            .whereRef("rep.application_id", "=", "r.application_id")
            .where("rep.submitted_at", "is not", null)
            .where("rep.watchdog_review", "is", null),
        )
        .as("report_waiting"),
    ])
    .where("r.user_id", "=", reader.id)
    .where("r.role", "=", "watchdog")
    .where("a.deleted_at", "is", null)
    .orderBy("c.evaluation_date")
    .orderBy("r.id")
    .limit(1000)
    .execute();
  const [today, approvalAsked] = [todayIso(), await watchdogApprovalAsked(db)];
  const data = rows.map(({ report_waiting, ...r }) => {
    const state = reviewerStateOf(r.state);
    const application_status = applicationStatusOf(r.application_status);
    const [submitted, done] = [Number(r.evaluations_submitted), Number(r.reviews_done)];
    const next = nextAction({
      view: "watchdog", id: r.application_id, status: application_status, today, state, evaluation_date: r.evaluation_date,
      evaluations_to_review: Math.max(0, submitted - done), report_to_review: approvalAsked && Boolean(report_waiting),
    });
    return { ...r, state, application_status, evaluations_submitted: submitted, reviews_done: done, next };
  });
  // Work to do first, the nearest deadline first (docs/ui.md#lists).
  return { data: data.sort((a, b) => byUrgency(a.next, b.next)) };
}

/**
 * GET /api/applications/{id}/evaluations: for its watchdog, the submitted
 * evaluations (scores included) and their own reviews; for the admin area,
 * every evaluator's state and every review. Anyone else, evaluators included
 * (they never see each other's scores): 404.
 */
export async function applicationEvaluations(db: Db, applicationId: number, reader: Reader) {
  const staff = isAdminArea(reader);
  // The application, the reader's watchdog assignment, the evaluations and reviews they may see: one round trip.
  const app = await db
    .selectFrom("applications as a")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select(["a.id", "a.acronym", "a.title", "a.status", "a.evaluation_complete", "a.call_id", "c.title as call_title", "c.evaluation_date", "c.half_point_rating"])
    .select((eb) => {
      const mine = eb
        .selectFrom("application_reviewers as m")
        .whereRef("m.application_id", "=", "a.id")
        .where("m.user_id", "=", reader.id)
        .where("m.role", "=", "watchdog");
      return [
        jsonObjectFrom(mine.select(["m.id", "m.state", "m.conflict_note", "m.updated_at"])).as("watchdog"),
        jsonArrayFrom(
          eb
            .selectFrom("application_reviewers as e")
            .innerJoin("users as u", "u.id", "e.user_id")
            .select(["e.id", "e.state", "e.conflict_note", "e.scores", "e.submitted_at", "u.id as user_id", "u.display_name"])
            .whereRef("e.application_id", "=", "a.id")
            .where("e.role", "=", "evaluator")
            .$if(!staff, (q) => q.where("e.state", "=", "submitted"))
            .orderBy("e.id"),
        ).as("evaluations"),
        jsonArrayFrom(
          eb
            .selectFrom("watchdog_reviews as w")
            .innerJoin("application_reviewers as r", "r.id", "w.watchdog_id")
            .innerJoin("users as u", "u.id", "r.user_id")
            .select(["w.id", "w.evaluation_id", "w.watchdog_id", "w.verdict", "w.comment", "w.submitted_at", "w.updated_at", "u.display_name"])
            .whereRef("w.application_id", "=", "a.id")
            .$if(!staff, (q) => q.where("w.watchdog_id", "in", mine.select("m.id")))
            .orderBy("w.id"),
        ).as("reviews"),
      ];
    })
    .where("a.id", "=", applicationId)
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  if (!app || (!app.watchdog && !staff)) throw notFound();
  const { watchdog, evaluations, reviews } = app;
  const inConflict = !staff && watchdog?.state === "conflict";
  const criteria = await callCriteria(db, app.call_id);
  return {
    application: { id: app.id, acronym: app.acronym, title: app.title, status: applicationStatusOf(app.status), evaluation_complete: app.evaluation_complete },
    call: { id: app.call_id, title: app.call_title, evaluation_date: app.evaluation_date, half_point_rating: app.half_point_rating },
    criteria,
    watchdog: watchdog ? { id: watchdog.id, state: reviewerStateOf(watchdog.state), conflict_note: watchdog.conflict_note, updated_at: iso(watchdog.updated_at)! } : null,
    evaluations: inConflict
      ? []
      : evaluations.map((e) => ({
          id: e.id,
          evaluator: { id: e.user_id, display_name: e.display_name },
          state: reviewerStateOf(e.state),
          conflict_note: staff ? e.conflict_note : null,
          scores: e.scores as Scores,
          submitted_at: iso(e.submitted_at),
          reviews: reviews
            .filter((r) => r.evaluation_id === e.id)
            .map((r) => ({
              id: r.id, watchdog: r.display_name, verdict: r.verdict, comment: r.comment, mine: r.watchdog_id === watchdog?.id,
              submitted_at: iso(r.submitted_at), updated_at: iso(r.updated_at)!,
            })),
        })),
  };
}

/**
 * The submitted evaluation `evaluationId` as the caller reviews it, with their
 * review of it if any: 404 unless they watch its application; 409 in conflict,
 * not under evaluation, or their review of it saved (closed).
 */
export async function reviewableEvaluation(db: Db, evaluationId: number, reader: Reader) {
  const found = await db
    .selectFrom("application_reviewers as e")
    .innerJoin("applications as a", "a.id", "e.application_id")
    .innerJoin("application_reviewers as w", (j) => j.onRef("w.application_id", "=", "e.application_id").on("w.role", "=", "watchdog").on("w.user_id", "=", reader.id))
    .leftJoin("watchdog_reviews as v", (j) => j.onRef("v.evaluation_id", "=", "e.id").onRef("v.watchdog_id", "=", "w.id"))
    .select(["e.application_id", "a.status", "w.id as watchdog_id", "w.state as watchdog_state", "v.id as review_id", "v.submitted_at"])
    .where("e.id", "=", evaluationId)
    .where("e.role", "=", "evaluator")
    .where("e.state", "=", "submitted")
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  if (!found) throw notFound();
  if (found.watchdog_state === "conflict") throw new AppError(409, "reviews.errors.in-conflict");
  if (found.status !== "under-evaluation") throw new AppError(409, "reviews.errors.not-under-evaluation");
  if (found.review_id !== null && found.submitted_at !== null) throw new AppError(409, "reviews.errors.review-closed");
  return found;
}

/** PUT /api/watchdog-reviews/{id} ({id}: the evaluation reviewed; the body parsed by the API's contract). */
export async function saveWatchdogReview(db: Db, evaluationId: number, reader: Reader, input: WatchdogReviewInput) {
  const found = await reviewableEvaluation(db, evaluationId, reader);
  const values = { verdict: input.verdict, comment: input.verdict === "comment" ? input.comment! : (input.comment ?? null), submitted_at: versionNow(), updated_at: versionNow() };
  return db.transaction().execute(async (trx) => {
    if (found.review_id !== null) {
      await claimVersion(trx, "watchdog_reviews", found.review_id, input.updated_at, STALE);
      // A second save of an open review that someone else closed meanwhile is stale.
      const open = await trx.updateTable("watchdog_reviews").set(values).where("id", "=", found.review_id).where("submitted_at", "is", null).returning("id").executeTakeFirst();
      if (!open) throw new AppError(409, STALE);
      return reviewOf(trx, found.review_id);
    }
    const created = await trx
      .insertInto("watchdog_reviews")
      .values({ application_id: found.application_id, watchdog_id: found.watchdog_id, evaluation_id: evaluationId, ...values })
      .onConflict((oc) => oc.columns(["watchdog_id", "evaluation_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Someone (the same watchdog in another tab) created it in between.
    if (!created) throw new AppError(409, STALE);
    return reviewOf(trx, created.id);
  });
}

async function reviewOf(db: Db, id: number) {
  const r = await db.selectFrom("watchdog_reviews").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { ...r, submitted_at: iso(r.submitted_at), created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! };
}

/** The caller's own watchdog assignment `id`, open for a conflict: 404 for another's; 409 already in conflict or not under evaluation. */
export async function conflictableWatch(db: Db, id: number, reader: Reader) {
  const row = await ownAssignment(db, id, "watchdog", reader.id);
  if (row.state === "conflict") throw new AppError(409, "reviews.errors.in-conflict");
  if (row.application_status !== "under-evaluation") throw new AppError(409, "reviews.errors.not-under-evaluation");
  return row;
}

/** PUT /api/watchdog-reviews/{id}/send-conflict ({id}: the watchdog's assignment, as GET /api/applications/to-watch lists it; the body parsed by the API's contract). */
export async function sendWatchdogConflict(db: Db, id: number, reader: Reader, input: ConflictInput) {
  const row = await conflictableWatch(db, id, reader);
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "application_reviewers", id, input.updated_at, STALE);
    await trx.updateTable("application_reviewers").set({ state: "conflict", conflict_note: input.note, updated_at: versionNow() }).where("id", "=", id).execute();
  });
  return applicationEvaluations(db, row.application_id, reader);
}

/** PUT /api/applications/{id}/reopen-watchdog-review (editor, admin): the review `review_id` of this application can be saved again. */
export async function reopenWatchdogReview(db: Db, applicationId: number, input: ReopenReviewInput) {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("watchdog_reviews as w")
      .innerJoin("applications as a", "a.id", "w.application_id")
      .select(["w.id", "w.submitted_at"])
      .where("w.id", "=", input.review_id)
      .where("w.application_id", "=", applicationId)
      .where("a.deleted_at", "is", null)
      .forUpdate("w")
      .executeTakeFirst();
    if (!review) throw notFound();
    if (review.submitted_at === null) throw new AppError(409, "reviews.errors.review-open");
    await trx.updateTable("watchdog_reviews").set({ submitted_at: null, updated_at: versionNow() }).where("id", "=", review.id).execute();
    return reviewOf(trx, review.id);
  });
}
