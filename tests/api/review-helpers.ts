// Reviewers on an application under evaluation, made directly in the database
// (the assignment endpoint is the lead's; these tests and the permission
// matrix need the rows, not how they were made).
import type { ReviewerRole } from "~/db/schema";
import type { TestApi } from "../support/api";
import { submittedApplication, type App } from "./application-helpers";

export async function userId(api: TestApi, name: string): Promise<number> {
  const row = await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${name}`).executeTakeFirstOrThrow();
  return row.id;
}

/** Puts `applicationId` under evaluation and assigns each named demo user in their role; answers the rows' ids by user name. */
export async function assignReviewers(api: TestApi, applicationId: number, reviewers: Partial<Record<ReviewerRole, string[]>>) {
  await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", applicationId).execute();
  const ids: Record<ReviewerRole, Record<string, number>> = { evaluator: {}, watchdog: {}, viewer: {} };
  for (const [role, names] of Object.entries(reviewers) as [ReviewerRole, string[]][]) {
    for (const name of names) {
      const row = await api.db
        .insertInto("application_reviewers")
        .values({ application_id: applicationId, user_id: await userId(api, name), role })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[role][name] = row.id;
    }
  }
  return ids;
}

/** A submitted application of the demo applicant, under evaluation with these reviewers. */
export async function applicationUnderEvaluation(api: TestApi, reviewers: Partial<Record<ReviewerRole, string[]>>): Promise<{ app: App; ids: Awaited<ReturnType<typeof assignReviewers>> }> {
  const app = await submittedApplication(api, "applicant");
  return { app, ids: await assignReviewers(api, app.id, reviewers) };
}
