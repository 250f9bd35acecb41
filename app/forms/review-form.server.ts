// The reviewers' screens post real HTML forms (they work without JavaScript);
// their actions read the form, call the API and either go back to the page
// with a success alert or hand the refusal to the form.
import { json } from "@remix-run/node";
import { api, type ApiResult } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { idFromText } from "~/domain/ids";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readForm } from "./read-form.server";

export interface ReviewFormResult {
  /** Which form of the page was posted (several share one action). */
  intent: string;
  /** The key of a refusal that names no field (409, SPEC §8's deadline). */
  message: string | null;
  errors: Record<string, string[]>;
  /** What was posted, to fill the form in again. */
  values: Record<string, string>;
  stale: boolean;
}

export const ticked = (form: FormData, name: string) => form.get(name) === "on";
export const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/**
 * Reads the form, lets `send` call the API for the posted `intent`, and
 * answers: a redirect to `back` with the success alert `done(intent)`, or the
 * failure for the form.
 */
export async function reviewAction(
  request: Request,
  back: string,
  send: (intent: string, form: FormData) => Promise<ApiResult<unknown>> | null,
  done: (intent: string) => string,
) {
  return answerForm(request, back, await readForm(request), send, done);
}

/** reviewAction for a form the caller has read already (a screen whose action serves several panels). */
export async function answerForm(
  request: Request,
  back: string,
  form: FormData,
  send: (intent: string, form: FormData) => Promise<ApiResult<unknown>> | null,
  done: (intent: string) => string,
) {
  const intent = text(form, "intent") ?? "";
  const sent = send(intent, form);
  if (!sent) throw new Response("Bad request", { status: 400 });
  const result = await sent;
  if (result.ok) return redirectWithAlert(request, back, successAlert(done(intent)));
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const body: ReviewFormResult = {
    intent,
    message: Object.keys(result.errors).length ? null : result.message,
    errors: result.errors,
    values,
    stale: result.status === 409 && result.message === "reviews.errors.stale",
  };
  // A refused form is a 400 like every other form of the portal's (the API's 422), a stale one stays 409.
  return json(body, { status: result.status === 422 ? 400 : result.status });
}

/**
 * The editor's reopen button (StaffEvaluations) for the application screen's
 * action (given the form it has read): PUT
 * /api/applications/{id}/reopen-watchdog-review with the posted review_id;
 * back to `back` with the success alert, or the refusal for the page.
 */
export function reopenWatchdogReview(request: Request, applicationId: number, form: FormData, back: string) {
  const client = api(request);
  return answerForm(
    request,
    back,
    form,
    (intent, form) => {
      const review = idFromText(text(form, "review_id") ?? "");
      return intent === "reopen-watchdog-review" && review !== undefined ? client.call(reviews.reopen, { param: { id: applicationId }, json: { review_id: review } }) : null;
    },
    () => "reviews.staff.reopened-done",
  );
}
