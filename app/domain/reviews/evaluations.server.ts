// The evaluator's part (docs/lifecycle.md#evaluation): their assignments, accepting with the
// declarations or declaring a conflict, scoring each criterion of the call,
// and whether the application's evaluation is complete. An evaluator's
// application_reviewers row is their evaluation.
import type { Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { applicationStatusOf } from "../applications/status";
import { reviewerStateOf } from "./states";
import { claimVersion, invalid, versionNow } from "../write.server";
import type { AcceptInput, ConflictInput, EvaluationInput } from "./bodies";
import { scoreErrors, type Criterion, type Scores } from "./criteria";
import { callCriteria } from "./criteria.server";
import { assertEvaluationOpen, deadlinePassed, iso, ownAssignment, STALE, type Assignment } from "./reviewer-rows.server";
import { todayIso } from "../days";
import { byUrgency, nextAction } from "../todo/next-action";

type Reader = { id: number };

/**
 * evaluation_complete: at least one evaluator has submitted and every
 * evaluator not in conflict has. Called in the transaction of any change to
 * the application's evaluators (accept, conflict, submit, assignment).
 */
export async function refreshEvaluationComplete(trx: Transaction<Database> | Db, applicationId: number): Promise<boolean> {
  const counts = await trx
    .selectFrom("application_reviewers")
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere("state", "=", "submitted").as("submitted"),
      eb.fn.countAll<string>().filterWhere("state", "not in", ["submitted", "conflict"]).as("open"),
    ])
    .where("application_id", "=", applicationId)
    .where("role", "=", "evaluator")
    .executeTakeFirstOrThrow();
  const complete = Number(counts.submitted) > 0 && Number(counts.open) === 0;
  await trx.updateTable("applications").set({ evaluation_complete: complete }).where("id", "=", applicationId).where("evaluation_complete", "<>", complete).execute();
  return complete;
}

/** GET /api/applications/my-evaluations: the caller's evaluations, with their next action (docs/ui.md#lists), work to do first. */
export async function myEvaluations(db: Db, reader: Reader) {
  const rows = await db
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select([
      "r.id", "r.application_id", "r.state", "r.submitted_at", "a.acronym", "a.title", "a.status as application_status",
      "a.call_id", "c.title as call_title", "c.evaluation_date",
    ])
    .where("r.user_id", "=", reader.id)
    .where("r.role", "=", "evaluator")
    .where("a.deleted_at", "is", null)
    .orderBy("c.evaluation_date")
    .orderBy("r.id")
    .limit(1000)
    .execute();
  const today = todayIso();
  const data = rows.map((r) => {
    const state = reviewerStateOf(r.state);
    const application_status = applicationStatusOf(r.application_status);
    const next = nextAction({ view: "evaluator", id: r.application_id, status: application_status, today, assignment_id: r.id, state, evaluation_date: r.evaluation_date });
    // "Deadline passed" only where something is still to do (docs/ui.md#lists).
    return { ...r, state, application_status, submitted_at: iso(r.submitted_at), deadline_passed: next.overdue, next };
  });
  // Work to do first, the nearest deadline first (a stable sort keeps the query's order within).
  return { data: data.sort((a, b) => byUrgency(a.next, b.next)) };
}

function present(row: Assignment, criteria: Criterion[]) {
  const passed = deadlinePassed(row.evaluation_date);
  return {
    id: row.id,
    application_id: row.application_id,
    application: { id: row.application_id, acronym: row.acronym, title: row.title, status: row.application_status },
    call: { id: row.call_id, title: row.call_title, evaluation_date: row.evaluation_date, half_point_rating: row.half_point_rating },
    criteria,
    state: row.state,
    confidential_declaration: row.confidential_declaration,
    conflictofinterest_declaration: row.conflict_declaration,
    conflict_note: row.conflict_note,
    scores: row.scores as Scores,
    deadline_passed: passed,
    editable: row.state === "accepted" && !passed && row.application_status === "under-evaluation",
    accepted_at: iso(row.accepted_at),
    submitted_at: iso(row.submitted_at),
    updated_at: iso(row.updated_at)!,
  };
}

/** GET /api/evaluations/{id}: the caller's own evaluation only (404 for another evaluator's). */
export async function getEvaluation(db: Db, id: number, reader: Reader) {
  const row = await ownAssignment(db, id, "evaluator", reader.id);
  return present(row, await callCriteria(db, row.call_id));
}

const wrongState = (state: string) =>
  new AppError(409, state === "conflict" ? "reviews.errors.in-conflict" : state === "submitted" ? "reviews.errors.submitted" : "reviews.errors.accept-first");

/** The states of an evaluation each of its writes needs. */
const WRITABLE_IN: Record<EvaluationWrite, readonly string[]> = { accept: ["assigned"], conflict: ["assigned", "accepted"], save: ["accepted"] };
export type EvaluationWrite = "accept" | "conflict" | "save";

/** The caller's own evaluation `id`, open, in a state `write` needs: 404 for another's, else the 409 or 422 that closes it. */
export async function writableEvaluation(db: Db, id: number, reader: Reader, write: EvaluationWrite) {
  const row = await ownAssignment(db, id, "evaluator", reader.id);
  assertEvaluationOpen(row);
  if (!WRITABLE_IN[write].includes(row.state)) throw wrongState(row.state);
  return row;
}

/** One write on the caller's evaluation: open, in a state that allows it, its input checked against the row, claimed, evaluation_complete recomputed. */
async function writeEvaluation<T extends { updated_at: string }>(
  db: Db,
  id: number,
  reader: Reader,
  kind: EvaluationWrite,
  checked: (row: Assignment) => Promise<T>,
  write: (trx: Transaction<Database>, input: T, row: Assignment) => Promise<void>,
) {
  const row = await writableEvaluation(db, id, reader, kind);
  const input = await checked(row);
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "application_reviewers", id, input.updated_at, STALE);
    await write(trx, input, row);
    await refreshEvaluationComplete(trx, row.application_id);
  });
  return getEvaluation(db, id, reader);
}

/** PUT /api/evaluations/{id}/accept: both declarations ticked (the body parsed by the API's contract). */
export function acceptEvaluation(db: Db, id: number, reader: Reader, input: AcceptInput) {
  return writeEvaluation(db, id, reader, "accept", async () => input, async (trx) => {
    await trx
      .updateTable("application_reviewers")
      .set({ state: "accepted", confidential_declaration: true, conflict_declaration: true, accepted_at: versionNow(), updated_at: versionNow() })
      .where("id", "=", id)
      .execute();
  });
}

/** PUT /api/evaluations/{id}/send-conflict: a conflict of interest, with its note; the evaluator then counts out of evaluation_complete. */
export function sendEvaluationConflict(db: Db, id: number, reader: Reader, input: ConflictInput) {
  return writeEvaluation(db, id, reader, "conflict", async () => input, async (trx, input) => {
    await trx.updateTable("application_reviewers").set({ state: "conflict", conflict_note: input.note, updated_at: versionNow() }).where("id", "=", id).execute();
  });
}

/**
 * PUT /api/evaluations/{id}: the scores replace the saved ones; `submit: true`
 * hands the evaluation in (then no more changes). The body is parsed by the
 * API's contract; the scores are checked here against the call's criteria.
 */
export function saveEvaluation(db: Db, id: number, reader: Reader, input: EvaluationInput) {
  const checked = async (row: Assignment) => {
    const criteria = await callCriteria(db, row.call_id);
    const errors = scoreErrors(input.scores, criteria, row.half_point_rating, input.submit);
    if (Object.keys(errors).length) throw invalid(errors);
    // Kept per criterion of the call, in its order.
    const scores = Object.fromEntries(criteria.filter((c) => input.scores[String(c.id)]).map((c) => [String(c.id), input.scores[String(c.id)]]));
    return { ...input, scores };
  };
  return writeEvaluation(db, id, reader, "save", checked, async (trx, input) => {
    await trx
      .updateTable("application_reviewers")
      .set({
        scores: JSON.stringify(input.scores),
        ...(input.submit ? { state: "submitted", submitted_at: versionNow() } : {}),
        updated_at: versionNow(),
      })
      .where("id", "=", id)
      .execute();
  });
}
