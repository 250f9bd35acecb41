// Applications at the reporting stage (issue 12): granted (acceptance-helpers),
// accepted and put in reporting through the owner's own endpoints, so the
// report's row and due day are the ones the portal makes.
import * as acceptance from "~/api/acceptance/contract";
import type { TestApi } from "../support/api";
import { grantedApplication } from "./acceptance-helpers";
import { assignReviewers } from "./review-helpers";

async function version(api: TestApi, id: number): Promise<string> {
  const row = await api.db.selectFrom("applications").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
  return new Date(row.updated_at).toISOString();
}

/** The demo applicant's application, granted then accepted by its owner. */
export async function acceptedApplication(api: TestApi, as = "applicant") {
  const app = await grantedApplication(api, as);
  const res = await api.op(acceptance.accept, { as, param: { id: app.id }, json: { updated_at: await version(api, app.id) } });
  if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${JSON.stringify(res.data)}`);
  return app;
}

/**
 * An accepted application its owner put in reporting (its report open, due the
 * call's user_report_days later), with the demo watchdog assigned unless
 * `watchdog` is false.
 */
export async function reportingApplication(api: TestApi, as = "applicant", opts: { watchdog?: boolean } = {}) {
  const app = await acceptedApplication(api, as);
  const res = await api.op(acceptance.startReporting, { as, param: { id: app.id }, json: { updated_at: await version(api, app.id) } });
  if (res.status !== 200) throw new Error(`start-reporting answered ${res.status}: ${JSON.stringify(res.data)}`);
  if (opts.watchdog !== false) {
    await assignReviewers(api, app.id, { watchdog: ["watchdog"] });
    // assignReviewers puts it under evaluation (its own use); this one stays in reporting.
    await api.db.updateTable("applications").set({ status: "reporting" }).where("id", "=", app.id).execute();
  }
  return { id: app.id, due_on: res.data.report_due_on! };
}
