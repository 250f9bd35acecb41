// The 'ta' step (docs/lifecycle.md#panel-recommendation, docs/validation.md#panel-recommendation): the editor
// records the panel's recommendation per application infrastructure while the
// application is under evaluation. One transaction: the application's version
// is claimed (409 when stale), the rules checked against the stored
// infrastructures, the rows written, and the application's
// ta_recommendation_complete and recommendation_date brought in line, which
// the lifecycle's grant and reject read.
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import type { RecommendationBody } from "./bodies";
import { outcome, RECOMMENDING_STATUS, recommendationErrors } from "./rules";

export const STALE = "applications.stale";

/** PUT /api/applications/{id}/recommendation: a body the API's contract parsed (recommendationBody). */
export async function saveRecommendation(db: Db, id: number, input: RecommendationBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (status !== RECOMMENDING_STATUS) throw new AppError(409, "recommendation.errors.not-under-evaluation");
    const stored = await trx
      .selectFrom("application_infrastructures")
      .select(["id", "has_eligible_accesses", "ta_recommended"])
      .where("application_id", "=", id)
      .forUpdate()
      .execute();
    const errors = recommendationErrors(stored, input.infrastructures, input.notes);
    if (Object.keys(errors).length) throw invalid(errors);
    for (const item of input.infrastructures) {
      await trx
        .updateTable("application_infrastructures")
        .set({
          ta_recommended: item.ta_recommended ?? null,
          ta_units: item.ta_units ?? null,
          ta_participants: item.ta_participants ?? null,
          ta_budget: item.ta_budget === undefined ? null : item.ta_budget.toFixed(2),
          ta_recommendation: item.ta_recommendation?.trim() || null,
          updated_at: versionNow(),
        })
        .where("id", "=", item.id)
        .where("application_id", "=", id)
        .execute();
    }
    // The date is that of the recommendation as it now stands: a later change moves it, an incomplete one clears it.
    const { complete } = outcome(stored, input.infrastructures);
    await trx
      .updateTable("applications")
      .set({
        recommendation_notes: input.notes?.trim() || null,
        ta_recommendation_complete: complete,
        recommendation_date: complete ? versionNow() : null,
        updated_at: versionNow(),
      })
      .where("id", "=", id)
      .execute();
  });
}
