// The decision stages' demo (docs/lifecycle.md#panel-recommendation to #acceptance): one application of the demo applicant at each stage from
// the panel recommendation to the accepted grant, each with two requested
// infrastructures (the station and the vessel, both run by the demo manager),
// so every decision screen has something to show after `npm start`. The rows
// are what the stages' endpoints would have written.
import type { Db } from "../database.server";
import { refreshEvaluationComplete } from "~/domain/reviews/evaluations.server";
import { stageDates } from "./demo-dates";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";

/** Where an application stands; every stage has the ones before it done. */
export type DecisionStage = "recommend" | "decide" | "grant" | "granted" | "accepted";

/** The application status of each stage. */
export const STAGE_STATUS: Record<DecisionStage, "under-evaluation" | "granted" | "accepted"> = {
  recommend: "under-evaluation",
  decide: "under-evaluation",
  grant: "under-evaluation",
  granted: "granted",
  accepted: "accepted",
};

const ORDER: DecisionStage[] = ["recommend", "decide", "grant", "granted", "accepted"];
const past = (stage: DecisionStage, than: DecisionStage) => ORDER.indexOf(stage) > ORDER.indexOf(than);

/** The projects of the five stages (the rest of each application is FJORDMELT's). */
export const DECISION_PROJECTS: Record<DecisionStage, { acronym: string; title: string; description: string }> = {
  recommend: {
    acronym: "ICEALGAE",
    title: "Sea-ice algae under thinning ice in Kongsfjorden",
    description: "We will sample the algae that grow under the fjord's sea ice from the station, and follow their fate in the water column from the vessel, to know what thinner ice means for the spring food web.",
  },
  decide: {
    acronym: "PERMAWATCH",
    title: "Permafrost coasts eroding into the Arctic Ocean",
    description: "We will survey the eroding permafrost cliffs near the station by drone and measure the carbon they release into the coastal sea from the vessel.",
  },
  grant: {
    acronym: "POLARNIGHT",
    title: "Zooplankton migration in the polar night",
    description: "Moored echosounders at the station and net hauls from the vessel will show how zooplankton migrate when the sun never rises.",
  },
  granted: {
    acronym: "SNOWPACK",
    title: "Black carbon in the Svalbard snowpack",
    description: "Snow pits along a transect from the station and aerosol samples at sea from the vessel will trace where the snow's black carbon comes from.",
  },
  accepted: {
    acronym: "KELPFOREST",
    title: "Arctic kelp forests moving north",
    description: "Diving transects from the station and video transects from the vessel will map how far north the kelp forests have spread since 2010.",
  },
};

/** A grant of last year's call, not accepted by the call's acceptance date. */
export const LATE_GRANT = {
  acronym: "MOSSBANK",
  title: "Moss banks of Svalbard as archives of past summers",
  description: "Cores of the moss banks around the station and along the coast the vessel reaches will date the warm summers of the last two thousand years.",
};

/** Inside the demo seed's transaction, after the intake seed gave it evaluators, a watchdog and a viewer. */
export async function seedDecisionStage(trx: Db, applicationId: number, stage: DecisionStage, users: Map<string, number>): Promise<void> {
  const dates = await stageDates(trx, applicationId);
  // Every evaluation done: the second evaluator submits the first one's scores, a point lower.
  const first = await trx.selectFrom("application_reviewers").select("scores").where("application_id", "=", applicationId).where("state", "=", "submitted").executeTakeFirst();
  const scores = Object.fromEntries(
    Object.entries((first?.scores ?? {}) as Record<string, { score: number; justification: string }>).map(([k, v]) => [k, { ...v, score: Math.max(1, v.score - 1) }]),
  );
  await trx
    .updateTable("application_reviewers")
    .set({ state: "submitted", scores: JSON.stringify(scores), submitted_at: dates.evaluated })
    .where("application_id", "=", applicationId)
    .where("role", "=", "evaluator")
    .where("state", "!=", "submitted")
    .execute();
  await refreshEvaluationComplete(trx, applicationId);
  if (stage === "recommend") return;

  const rows = await trx.selectFrom("application_infrastructures").select(["id", "position"]).where("application_id", "=", applicationId).orderBy("position").execute();
  for (const r of rows) {
    await trx
      .updateTable("application_infrastructures")
      .set({
        ta_recommended: true, ta_units: 10 + 2 * r.position, ta_participants: 3, ta_budget: 9500 + 1500 * r.position,
        ta_recommendation: "Sound plan, a realistic season and a team that has done it before; recommended for the units below.",
        ...(past(stage, "decide")
          ? {
              sm_accepted: true, sm_units: 10 + 2 * r.position, sm_participants: 3, sm_budget: 9000 + 1500 * r.position,
              sm_justification: "The station and the vessel can host the group in the requested weeks.",
              sm_decided_at: dates.decided, sm_decided_by: users.get("infrastructure-manager") ?? null,
            }
          : {}),
      })
      .where("id", "=", r.id)
      .execute();
  }
  await trx
    .updateTable("applications")
    .set({
      ta_recommendation_complete: true, recommendation_date: dates.recommended,
      ...(past(stage, "decide") ? { sm_decision_date: dates.decided } : {}),
      ...(stage === "accepted" ? { accepted_at: dates.accepted } : {}),
    })
    .where("id", "=", applicationId)
    .execute();
  if (stage === "accepted") await signAgreement(trx, applicationId, users.get("applicant")!);
}

/** The applicant's signed acceptance agreement, as the upload would have stored it. */
async function signAgreement(trx: Db, applicationId: number, userId: number): Promise<void> {
  const { acronym } = await trx.selectFrom("applications").select("acronym").where("id", "=", applicationId).executeTakeFirstOrThrow();
  const mediaId = await storeDemoFile(
    trx,
    demoStorage(),
    { name: `${acronym}-signed-agreement.pdf`, mime_type: "application/pdf", bytes: pdfBytes([`Acceptance agreement: ${acronym}`, "Signed: Alice Applicant"]) },
    userId,
  );
  await trx.insertInto("media_links").values({ media_id: mediaId, attached_to_type: "application", attached_to_id: String(applicationId), collection: "signed_agreement", position: 0 }).execute();
}
