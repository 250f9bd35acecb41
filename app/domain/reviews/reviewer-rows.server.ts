// What every reviewer's write shares: their assignment row (application_reviewers)
// with its application and call, its version's stale message, and the call's deadline.
import type { Db } from "~/db/database.server";
import type { ReviewerRole } from "~/db/schema";
import { todayIso } from "../dates";
import { AppError, notFound } from "../errors";
import { applicationStatusOf } from "../applications/status";
import { reviewerStateOf } from "./states";

/** The words of docs/validation.md#messages (locales/en/reviews.json). */
export const DEADLINE_PASSED = "reviews.errors.deadline-passed";
export const STALE = "reviews.errors.stale";

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** After the call's evaluation_date, as a calendar day in Brussels (ADR 006): the evaluation day itself still counts. */
export const deadlinePassed = (evaluationDate: string, today = todayIso()) => today > evaluationDate;

/** The caller's own assignment `id` as `role`, on a live application, with its call; 404 for anyone else's (ids reveal nothing). */
export async function ownAssignment(db: Db, id: number, role: ReviewerRole, userId: number) {
  const row = await db
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .selectAll("r")
    .select([
      "a.status as application_status", "a.acronym", "a.title", "a.call_id", "c.title as call_title",
      "c.evaluation_date", "c.half_point_rating",
    ])
    .where("r.id", "=", id)
    .where("r.role", "=", role)
    .where("r.user_id", "=", userId)
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, application_status: applicationStatusOf(row.application_status), state: reviewerStateOf(row.state) };
}
export type Assignment = Awaited<ReturnType<typeof ownAssignment>>;

/** Reviewers act while the application is under evaluation and until the call's evaluation date. */
export function assertEvaluationOpen(row: { application_status: string; evaluation_date: string }) {
  if (row.application_status !== "under-evaluation") throw new AppError(409, "reviews.errors.not-under-evaluation");
  if (deadlinePassed(row.evaluation_date)) throw new AppError(422, DEADLINE_PASSED);
}

