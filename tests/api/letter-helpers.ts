// Applications at the grant stage for the grant letter's tests: the granted
// application of acceptance-helpers, with the figures each infrastructure
// decided (units, participants, budget) that the letter prints.
import { extractText, getDocumentProxy } from "unpdf";
import type { TestApi } from "../support/api";
import { grantedApplication } from "./acceptance-helpers";
import { submittedApplication } from "./application-helpers";

export interface Figures {
  units: number;
  participants: number;
  budget: string;
}

const FIGURES: Figures = { units: 12, participants: 3, budget: "4500.50" };

/** Every infrastructure of the application accepts it with these figures. */
export async function acceptWith(api: TestApi, applicationId: number, figures: Figures = FIGURES) {
  await api.db
    .updateTable("application_infrastructures")
    .set({ sm_accepted: true, sm_units: figures.units, sm_participants: figures.participants, sm_budget: figures.budget, sm_decided_at: new Date() })
    .where("application_id", "=", applicationId)
    .execute();
}

/** The demo applicant's application granted by the editor, its infrastructures' figures set. */
export async function grantedWithFigures(api: TestApi, figures: Figures = FIGURES) {
  const app = await grantedApplication(api);
  await acceptWith(api, app.id, figures);
  return app;
}

/** A submitted application put under evaluation, its infrastructures already accepting: what the editor previews. */
export async function underEvaluationAccepted(api: TestApi, figures: Figures = FIGURES) {
  const app = await submittedApplication(api, "applicant");
  await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", app.id).execute();
  await acceptWith(api, app.id, figures);
  return app;
}

/** The text of a PDF, pages joined. */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}
