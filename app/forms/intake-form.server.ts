// The staff panels of /admin/application/{id} post real HTML forms, each with
// an `intent`: a status change, eligibility, the assignment. The action calls
// the API and goes back to the page with the Success alert, or hands the
// refusal (or, for the assignment, the warnings to confirm; for a status
// change, the question it asks first) to the form.
import { json } from "@remix-run/node";
import { api, type ApiFailure, type ApiResult } from "~/api/client.server";
import * as intake from "~/api/intake/contract";
import * as reviews from "~/api/reviews/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { idFromText } from "~/domain/id-rules";
import { isApplicationStatus, type ApplicationStatus } from "~/domain/applications/status";
import { STATUS_ENDPOINTS, type StatusEndpoint } from "~/domain/intake/intake-bodies";
import { readForm } from "./read-form.server";
import { formRefusal } from "./form-refusal.server";
import { assignmentSignature, INTAKE_INTENTS, type IntakeFormResult, type IntakeIntent, type Warning } from "~/components/intake/intake-form";

const one = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};
/** Ids posted under `name`: unreadable ones are dropped (the API bounds the list). */
const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map((v) => (typeof v === "string" ? idFromText(v) : undefined))
    .filter((v): v is number => v !== undefined);

const DONE: Record<IntakeIntent, string> = {
  status: "intake.screen.done-status",
  override: "intake.screen.done-status",
  eligibility: "intake.screen.done-eligibility",
  assign: "intake.screen.done-assign",
  "reopen-review": "intake.screen.done-reopen",
  infrastructure: "intake.screen.done-infrastructure",
};

/** What was posted, to fill the forms in again (lists for the checkboxes). */
function postedValues(form: FormData) {
  const values: Record<string, string[]> = {};
  for (const [k, v] of form) if (typeof v === "string") (values[k] ??= []).push(v);
  return values;
}

function failed(intent: IntakeIntent, form: FormData, result: ApiFailure) {
  const { status, ...refused } = formRefusal(result, "applications.stale");
  const body: IntakeFormResult = { intent, values: postedValues(form), ...refused };
  return json(body, { status });
}

/** The assignment's warnings, asked about before it is saved (a 200: nothing was refused). */
function asking(form: FormData, warnings: Warning[]) {
  const body: IntakeFormResult = { intent: "assign", message: "intake.screen.confirm", errors: {}, values: postedValues(form), stale: false, warnings };
  return json(body);
}

/**
 * A status change asks first (docs/ui.md#confirmations): the choice is checked
 * against the changes the lifecycle offers now (a stale copy, what blocks it,
 * notes it needs), then answered with the question (a 200: nothing changed
 * yet), which posts the same fields again with `confirmed`. The API stays the
 * judge of the confirmed post. The override's status, when a named change
 * reaches it, takes that change's rules, as the API does.
 */
async function askStatus(client: ReturnType<typeof api>, id: number, intent: "status" | "override", form: FormData, [endpoint, to]: string[]) {
  const view = await client.read(intake.intake, { param: { id } });
  if (view.updated_at !== one(form, "updated_at")) return failed(intent, form, { ok: false, status: 409, message: "applications.stale", errors: {} });
  const offer = view.transitions.find((tr) => (intent === "status" ? `${tr.endpoint}|${tr.to ?? ""}` === `${endpoint}|${to}` : tr.endpoint === "change-status" && tr.to === to));
  const errors: Record<string, string[]> = {};
  if (intent === "status" && !offer) errors.transition = ["intake.transition-unavailable"];
  if (intent === "override" && !isApplicationStatus(to)) errors.status = ["validation.invalid"];
  else if (intent === "override" && to === view.status) errors.status = ["intake.same-status"];
  if (offer?.blockers.length) errors.status = offer.blockers.map((b) => `intake.blocked.${b}`);
  if ((offer ? offer.notes_required : intent === "override") && !one(form, "notes")?.trim()) errors.notes = ["validation.required"];
  if (Object.keys(errors).length) return failed(intent, form, { ok: false, status: 422, message: "validation.failed", errors });
  const body: IntakeFormResult = { intent, message: null, errors: {}, values: postedValues(form), stale: false, confirm: { from: view.status, to: offer?.to ?? to, override: !offer } };
  return json(body);
}

export async function intakeAction(request: Request, id: number) {
  const form = await readForm(request);
  const intent = one(form, "intent") as IntakeIntent | undefined;
  if (!intent || !INTAKE_INTENTS.includes(intent)) throw new Response("Bad request", { status: 400 });
  const client = api(request);
  const updated_at = one(form, "updated_at") ?? "";
  const notes = one(form, "notes");
  let result: ApiResult<unknown>;
  if (intent === "status" || intent === "override") {
    // A named transition posts "<endpoint>|<status>"; the override posts the status alone.
    const [endpoint, to] = intent === "status" ? (one(form, "transition") ?? "").split("|") : ["change-status", one(form, "status") ?? ""];
    if (!STATUS_ENDPOINTS.includes(endpoint as StatusEndpoint)) {
      return failed(intent, form, { ok: false, status: 422, message: "validation.failed", errors: { transition: ["validation.required"] } });
    }
    if (one(form, "confirmed") !== "yes") return askStatus(client, id, intent, form, [endpoint, to]);
    if (endpoint === "change-status") {
      // The API refuses a status it does not know (422 on `status`).
      const status = to as ApplicationStatus;
      result = await client.call(intake.changeStatus, { param: { id }, json: { status, notes, updated_at } });
    } else {
      const route = { "restore-draft": intake.restoreDraft, "undo-withdrawn": intake.undoWithdrawn, "reopen-reporting-status": intake.reopenReporting }[
        endpoint as Exclude<StatusEndpoint, "change-status">
      ];
      result = await client.call(route, { param: { id }, json: { notes, updated_at } });
    }
  } else if (intent === "eligibility") {
    const accesses = ids(form, "access").map((access) => ({ id: access, eligible: one(form, `eligible-${access}`) === "yes", decided: one(form, `eligible-${access}`) }));
    const undecided = accesses.filter((a) => a.decided !== "yes" && a.decided !== "no");
    if (undecided.length) {
      const errors = Object.fromEntries(undecided.map((a) => [`access-${a.id}`, ["validation.required"]]));
      return failed(intent, form, { ok: false, status: 422, message: "validation.failed", errors });
    }
    result = await client.call(intake.eligibility, { param: { id }, json: { accesses: accesses.map(({ id: a, eligible }) => ({ id: a, eligible })), notes, updated_at } });
  } else if (intent === "infrastructure") {
    const application_infrastructure_id = idFromText(one(form, "application_infrastructure_id") ?? "");
    if (application_infrastructure_id === undefined) throw new Response("Bad request", { status: 400 });
    const infrastructure_id = idFromText(one(form, "infrastructure_id") ?? "");
    if (infrastructure_id === undefined) {
      return failed(intent, form, { ok: false, status: 422, message: "validation.failed", errors: { infrastructure_id: ["intake.infrastructure-choose"] } });
    }
    result = await client.call(intake.changeInfrastructure, { param: { id }, json: { application_infrastructure_id, infrastructure_id, updated_at } });
  } else if (intent === "reopen-review") {
    const review_id = idFromText(one(form, "review_id") ?? "");
    if (review_id === undefined) throw new Response("Bad request", { status: 400 });
    result = await client.call(reviews.reopen, { param: { id }, json: { review_id } });
  } else {
    const lists = { evaluators: ids(form, "evaluators"), watchdogs: ids(form, "watchdogs"), viewers: ids(form, "viewers") };
    // "Save anyway" confirms the warnings of the very choice they were about; a changed choice is checked again.
    if (one(form, "confirmed") !== "yes" || one(form, "checked") !== assignmentSignature(lists)) {
      const query = { "evaluators[]": lists.evaluators.map(String), "watchdogs[]": lists.watchdogs.map(String), "viewers[]": lists.viewers.map(String) };
      const warnings = (await client.read(intake.saveConflict, { param: { id }, query })).data;
      // Warnings the editor may accept are asked about first; a blocking one is the API's to refuse.
      if (warnings.length && !warnings.some((w) => w.blocking)) {
        return asking(form, warnings);
      }
    }
    result = await client.call(intake.saveWd, { param: { id }, json: { ...lists, updated_at } });
  }
  if (result.ok) return redirectWithAlert(request, `/admin/application/${id}`, successAlert(DONE[intent]));
  return failed(intent, form, result);
}
