// An application granted through the editor's change-status, its earlier
// stages' facts set directly in the database (the panel's and the
// infrastructures' endpoints have their own tests): every access eligible,
// evaluation and recommendation complete, each infrastructure accepted.
import * as applications from "~/api/applications/contract";
import * as intake from "~/api/intake/contract";
import type { TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";
import { userId } from "./review-helpers";

/** Adds an application infrastructure at an infrastructure the demo manager does not run, accepted; answers its id. */
export async function foreignInfrastructure(api: TestApi, applicationId: number): Promise<{ id: number; infrastructure_id: number }> {
  const manager = await userId(api, "infrastructure-manager");
  const infra = await api.db
    .selectFrom("infrastructures as i")
    .select("i.id")
    .where("i.deleted_at", "is", null)
    .where((eb) => eb.or([eb("i.manager_id", "is", null), eb("i.manager_id", "<>", manager)]))
    .orderBy("i.id")
    .executeTakeFirstOrThrow();
  const row = await api.db
    .insertInto("application_infrastructures")
    .values({ application_id: applicationId, infrastructure_id: infra.id, position: 9, draft_key: `foreign-${infra.id}`, has_eligible_accesses: true, sm_accepted: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, infrastructure_id: infra.id };
}

/** The demo applicant's submitted application, granted by the editor (throws unless every step answers as expected). */
export async function grantedApplication(api: TestApi, as = "applicant") {
  const app = await submittedApplication(api, as);
  await api.db.updateTable("accesses").set({ eligible: true }).where("application_id", "=", app.id).execute();
  await api.db.updateTable("application_infrastructures").set({ has_eligible_accesses: true, sm_accepted: true, sm_decided_at: new Date() }).where("application_id", "=", app.id).execute();
  await api.db
    .updateTable("applications")
    .set({ status: "under-evaluation", evaluation_complete: true, ta_recommendation_complete: true, recommendation_date: new Date(), sm_decision_date: new Date() })
    .where("id", "=", app.id)
    .execute();
  const read = await api.op(applications.one, { as: "editor", param: { id: app.id } });
  const granted = await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "granted", updated_at: read.data.updated_at } });
  if (granted.status !== 200) throw new Error(`grant answered ${granted.status}: ${JSON.stringify(granted.data)}`);
  return (await api.op(applications.one, { as, param: { id: app.id } })).data;
}
