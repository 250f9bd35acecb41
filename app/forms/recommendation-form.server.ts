// The editor's recommendation form is a real HTML post (it works without
// JavaScript): one group of fields per application infrastructure, named by
// its id, and the panel's notes. The action turns it into the API's body —
// numbers as numbers, a comma decimal as a point, anything unreadable passed
// on as typed so the API refuses it — and answers with the redirect and
// success alert, or the refusal keyed by the form's own field ids.
import { json } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as rec from "~/api/recommendation/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { decimalOf } from "~/domain/applications/money";
import { idFromText } from "~/domain/id-rules";
import { INFRASTRUCTURES_MAX } from "~/domain/recommendation/rules";
import type { RecommendationBody } from "~/domain/recommendation/bodies";
import { readForm } from "./read-form.server";
import { formRefusal } from "./form-refusal.server";
import type { RecommendationFormResult } from "~/components/recommendation/view";

/** The form's id of a field of one application infrastructure (API name → input id). */
export const FIELD_IDS = { ta_recommended: "recommended", ta_units: "units", ta_participants: "participants", ta_budget: "budget", ta_recommendation: "recommendation" } as const;
export const fieldId = (field: keyof typeof FIELD_IDS, aiId: number) => `${FIELD_IDS[field]}-${aiId}`;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
};
/** A number as the API takes it, or the text as typed (refused there as validation.invalid). */
const whole = (v: string | undefined): number | string | undefined => (v === undefined ? undefined : /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v);
const euro = (v: string | undefined): number | string | undefined => (v === undefined ? undefined : (decimalOf(v) ?? v));
const flag = (v: string | undefined): boolean | string | undefined => (v === "yes" ? true : v === "no" ? false : v);

/** The API's `infrastructures[0].ta_units` as the form's `units-12`. */
function formErrors(errors: Record<string, string[]>, order: number[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^infrastructures\[(\d+)\]\.(\w+)$/.exec(key);
    const aiId = m ? order[Number(m[1])] : undefined;
    const name = m && aiId !== undefined && m[2] in FIELD_IDS ? fieldId(m[2] as keyof typeof FIELD_IDS, aiId) : key;
    out[name] = [...(out[name] ?? []), ...messages];
  }
  return out;
}

export async function recommendationAction(request: Request, id: number) {
  const form = await readForm(request);
  const order = form
    .getAll("ai")
    .map((v) => (typeof v === "string" ? idFromText(v) : undefined))
    .filter((v): v is number => v !== undefined)
    .slice(0, INFRASTRUCTURES_MAX);
  const infrastructures = order.map((ai) => ({
    id: ai,
    ta_recommended: flag(text(form, fieldId("ta_recommended", ai))),
    ta_units: whole(text(form, fieldId("ta_units", ai))),
    ta_participants: whole(text(form, fieldId("ta_participants", ai))),
    ta_budget: euro(text(form, fieldId("ta_budget", ai))),
    ta_recommendation: text(form, fieldId("ta_recommendation", ai)),
  }));
  const body = { infrastructures, notes: text(form, "notes"), updated_at: text(form, "updated_at") ?? "" };
  // Unreadable values go to the API as typed, so it is the one that refuses them.
  const result = await api(request).call(rec.saveRecommendation, { param: { id }, json: body as unknown as RecommendationBody });
  if (result.ok) return redirectWithAlert(request, `/admin/application/${id}/recommendation`, successAlert("recommendation.screen.done"));
  const { status, ...refused } = formRefusal(result, "applications.stale");
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const answer: RecommendationFormResult = { ...refused, errors: formErrors(refused.errors, order), values };
  return json(answer, { status });
}
