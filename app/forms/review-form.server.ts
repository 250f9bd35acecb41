// The reviewers' screens post real HTML forms (they work without JavaScript);
// their actions read the form, call the API and either go back to the page
// with a success alert or hand the refusal to the form.
import { json, redirect } from "@remix-run/node";
import type { ApiResult } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readForm } from "./read-form.server";
import { formRefusal } from "./form-refusal.server";

export interface ReviewFormResult {
  /** Which form of the page was posted (several share one action). */
  intent: string;
  /** The key of a refusal that names no field (409, the deadline of docs/lifecycle.md#evaluation). */
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
 * answers: a redirect to `back` with the success alert `done(intent)` (or, for
 * an intent `next` names a page for, to that page: a question to confirm), or
 * the failure for the form.
 */
export async function reviewAction(
  request: Request,
  back: string,
  send: (intent: string, form: FormData) => Promise<ApiResult<unknown>> | null,
  done: (intent: string) => string,
  next: (intent: string) => string | null = () => null,
) {
  const form = await readForm(request);
  const intent = text(form, "intent") ?? "";
  const sent = send(intent, form);
  if (!sent) throw new Response("Bad request", { status: 400 });
  const result = await sent;
  const then = next(intent);
  if (result.ok) return then ? redirect(then) : redirectWithAlert(request, back, successAlert(done(intent)));
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const { status, ...refused } = formRefusal(result, "reviews.errors.stale");
  const body: ReviewFormResult = { intent, values, ...refused };
  return json(body, { status });
}

