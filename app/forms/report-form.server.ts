// The report's part forms (docs/lifecycle.md#reporting): each post saves the part through
// the API, then goes where the pressed button says (the next part, the
// previous one, or the same page with a success alert); a refusal goes back
// to the form with what was posted, so nothing typed is lost.
import { json, redirect } from "@remix-run/node";
import type { ApiResult } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { isReportPart } from "~/domain/reporting/parts";
import { formRefusal } from "./form-refusal.server";
import { text, type ReviewFormResult } from "./review-form.server";

/** A whole number typed in a field, as the API wants it; anything else is passed as typed, for the API to refuse. */
export function numberOf(v: string | undefined): number | string | undefined {
  const s = v?.trim();
  if (!s) return undefined;
  return /^\d{1,9}$/.test(s) ? Number(s) : s;
}

/** "true"/"false" of a yes/no radio; anything else is no answer. */
export const flagOf = (v: string | undefined) => (v === "true" ? true : v === "false" ? false : undefined);

/** A day field (yyyy-MM-dd), absent when blank. */
export const dayOf = (v: string | undefined) => v?.trim() || undefined;

export async function reportPartAction(request: Request, id: number, form: FormData, send: (form: FormData) => Promise<ApiResult<unknown>>) {
  const result = await send(form);
  const base = `/application/${id}/report`;
  if (result.ok) {
    const move = text(form, "move");
    const target = move === "continue" ? text(form, "next") : move === "previous" ? text(form, "previous") : undefined;
    if (target && isReportPart(target)) return redirect(`${base}/${target}`);
    return redirectWithAlert(request, new URL(request.url).pathname, successAlert("reporting.saved"));
  }
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const { status, ...refused } = formRefusal(result, "reporting.errors.stale");
  const body: ReviewFormResult = { intent: "save", values, ...refused };
  return json(body, { status });
}
