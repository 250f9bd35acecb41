// The intake demo (docs/lifecycle.md#eligibility to #viewing): a submitted demo application gets its infrastructure and
// access rows as a real submission would; the one under evaluation also has
// every access eligible, two evaluators (one evaluation submitted, one still
// open), the watchdog and the viewer.
import type { Db } from "../database.server";
import type { Draft } from "~/domain/applications/draft";
import { materialiseDraft, refreshEligibleInfrastructures } from "~/domain/intake/materialise.server";
import { refreshEvaluationComplete } from "~/domain/reviews/evaluations.server";
import { stageDates } from "./demo-dates";

const JUSTIFICATIONS = [
  "A clear question and a decade of data to compare with.",
  "The chambers and the transect are well planned; the season is short but realistic.",
  "The results feed the national carbon budget of Svalbard.",
  "The team has run this kind of campaign before.",
];

/** Runs inside the demo seed's transaction (app/db/seeds/demo.ts). */
export async function seedIntake(trx: Db, applicationId: number, draft: Draft, status: string, users: Map<string, number>): Promise<void> {
  await materialiseDraft(trx, applicationId, draft);
  if (status !== "under-evaluation") return;
  await trx.updateTable("accesses").set({ eligible: true }).where("application_id", "=", applicationId).execute();
  await refreshEligibleInfrastructures(trx, applicationId);
  const editor = users.get("editor") ?? null;
  const criteria = await trx.selectFrom("criteria").select("id").where("key", "is not", null).where("deleted_at", "is", null).orderBy("position").execute();
  const scores = Object.fromEntries(criteria.map((c, i) => [String(c.id), { score: 4 + (i % 2), justification: JUSTIFICATIONS[i % JUSTIFICATIONS.length] }]));
  const at = (await stageDates(trx, applicationId)).firstEvaluation;
  const reviewer = (username: string, role: "evaluator" | "watchdog" | "viewer") => ({ application_id: applicationId, user_id: users.get(username)!, role, assigned_by: editor });
  const rows = [
    { ...reviewer("evaluator", "evaluator"), state: "submitted", confidential_declaration: true, conflict_declaration: true, scores: JSON.stringify(scores), accepted_at: at, submitted_at: at },
    { ...reviewer("evaluator2", "evaluator"), state: "accepted", confidential_declaration: true, conflict_declaration: true, accepted_at: at },
    reviewer("watchdog", "watchdog"),
    reviewer("viewer", "viewer"),
  ].filter((r) => r.user_id !== undefined);
  await trx.insertInto("application_reviewers").values(rows).execute();
  await refreshEvaluationComplete(trx, applicationId);
}
