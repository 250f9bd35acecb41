// Applications ready for the panel's recommendation: under evaluation, with a
// second requested infrastructure, eligibility decided and evaluations
// submitted, written directly (the steps before are tested in intake.test.ts and reviews.test.ts).
import { sql } from "kysely";
import { expect } from "vitest";
import { refreshEvaluationComplete } from "~/domain/reviews/evaluations.server";
import type { TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";
import { userId } from "./review-helpers";

export interface PanelReady {
  id: number;
  /** The application infrastructures: the first has eligible accesses; the second, when asked for, as asked. */
  firstAi: number;
  secondAi?: number;
}

/** Submitted evaluations by these demo evaluators, every criterion of the call scored `score`. */
export async function scored(api: TestApi, applicationId: number, evaluators: Record<string, number>) {
  const criteria = await api.db.selectFrom("criteria").select("id").where("deleted_at", "is", null).execute();
  for (const [name, score] of Object.entries(evaluators)) {
    const scores = JSON.stringify(Object.fromEntries(criteria.map((c) => [String(c.id), { score, justification: `Scored ${score}.` }])));
    await api.db
      .insertInto("application_reviewers")
      .values({ application_id: applicationId, user_id: await userId(api, name), role: "evaluator", state: "submitted", scores, submitted_at: sql`now()` })
      .execute();
  }
  // As the evaluators' own submissions do: evaluation_complete and the mean score the ranking reads.
  expect(await refreshEvaluationComplete(api.db, applicationId)).toBe(true);
}

/** A submitted application of `owner` under evaluation, its accesses eligible; with `second`, a second requested infrastructure, eligible or not. */
export async function panelReady(api: TestApi, owner = "applicant", opts: { second?: "eligible" | "ineligible"; scores?: Record<string, number> } = {}): Promise<PanelReady> {
  const app = await submittedApplication(api, owner);
  await api.db.updateTable("accesses").set({ eligible: true }).where("application_id", "=", app.id).execute();
  const first = await api.db
    .updateTable("application_infrastructures")
    .set({ has_eligible_accesses: true })
    .where("application_id", "=", app.id)
    .returning(["id", "infrastructure_id"])
    .executeTakeFirstOrThrow();
  let secondAi: number | undefined;
  if (opts.second) {
    const other = await api.db.selectFrom("infrastructures").select("id").where("id", "<>", first.infrastructure_id).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const row = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: app.id, infrastructure_id: other.id, position: 1, draft_key: "second", has_eligible_accesses: opts.second === "eligible" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("accesses")
      .values({ application_id: app.id, application_infrastructure_id: row.id, position: 0, draft_key: "second-access", type: "on-site", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 5, eligible: opts.second === "eligible" })
      .execute();
    secondAi = row.id;
  }
  await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", app.id).execute();
  if (opts.scores) await scored(api, app.id, opts.scores);
  return { id: app.id, firstAi: first.id, secondAi };
}

/** The application's updated_at as the API writes it. */
export async function applicationVersion(api: TestApi, id: number): Promise<string> {
  const row = await api.db.selectFrom("applications").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
  return new Date(row.updated_at as unknown as string).toISOString();
}
