// The server side of every wizard step (docs/ui.md#wizard, ADR 018): the loader reads
// the application once and guards the step; the action saves what was posted
// through PUT /api/applications/{id}, valid or not, then moves on, goes back or
// re-renders the step with its errors.
import { json, redirect } from "@remix-run/node";
import * as z from "zod/mini";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import type { Success } from "~/api/contract";
import { scoped } from "~/http/request-scope.server";
import { redirectWithAlert, refusedAlert } from "~/alerts.server";
import { getCurrentUser, loginUrl, requireAccess } from "~/auth/user.server";
import { keepForm, takeKeptForm } from "~/auth/kept-form.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { routeId } from "./route-id";
import { firstInvalidBefore } from "~/domain/applications/validation";
import { stepAt, stepNumber, STEPS, type StepSlug } from "~/domain/applications/steps";
import { readForm } from "./read-form.server";
import { keyRows } from "./row-keys.server";
import type { FormWithUploads } from "~/media/form.server";

export const stepUrl = (id: number, slug: StepSlug) => `/application/${id}/update/${slug}`;

type ApplicationRead = Success<typeof applications.one>;

// The application a step's save answered (PUT answers it as GET does, as it
// now is): the loaders that render the step again after Save draft, in the
// same request, show it instead of asking the API for it a second time.
const WRITTEN = Symbol("wizard.written");
const writtenIn = (request: Request) => scoped(request, WRITTEN, () => new Map<number, ApplicationRead>());

/**
 * The application a step shows, once the step may be opened: a submitted one
 * goes to its review page; a step after an incomplete one sends the user to
 * that one (with a notice), so no one fills step 6 on the basis of a broken step 4.
 */
export async function loadWizard(request: Request, rawId: string | undefined, slug: StepSlug | null) {
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const id = routeId(rawId);
  const app = writtenIn(request).get(id) ?? (await api(request).read(applications.one, { param: { id } }));
  if (app.status !== "draft") throw redirect(`/application/${id}/review`);
  if (slug === null) throw redirect(stepUrl(id, stepAt(app.step)));
  // The review is where an incomplete draft's errors are listed: it opens whatever the steps before it hold.
  const before = slug === "review" ? undefined : firstInvalidBefore(app.steps, slug);
  if (before) throw await redirectWithAlert(request, stepUrl(id, before), { ...refusedAlert("wizard.sent-back"), title: "wizard.sent-back-title", variant: "warning" });
  const kept = await takeKeptForm(request, new URL(request.url).pathname);
  // What was typed before the session ended, as the step's form values (Conform's payload).
  const keptValues = kept ? (parseWithZod(kept.form, { schema: z.looseObject({}) }).payload as Record<string, unknown>) : null;
  return { app, kept: keptValues, setCookie: kept?.setCookie ?? null };
}
export type WizardApplication = Awaited<ReturnType<typeof loadWizard>>["app"];

/**
 * A step posted by someone whose session has ended (the cookie expired, or the
 * token could no longer be refreshed): its text fields are kept for an hour
 * and the applicant goes to sign in, then back to the step, which shows them
 * again (docs/ui.md#wizard). This is why the form is read before the user is known; it
 * is bounded like every form (readForm), and the keeping is bounded too.
 */
async function signInKeepingForm(request: Request, formData: FormData): Promise<Response | null> {
  let ended: Response | undefined;
  try {
    if (await getCurrentUser(request)) return null;
  } catch (thrown) {
    // A failed refresh ends the session with a redirect home and the session alert: sign in again instead.
    if (!(thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)) throw thrown;
    ended = thrown;
  }
  const headers = new Headers();
  for (const c of ended?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", c);
  const kept = await keepForm(formData, new URL(request.url).pathname);
  if (kept) headers.append("Set-Cookie", kept);
  return redirect(loginUrl(request), { headers });
}

/** A step's section as the API saves it: its fields by name. */
type Section = Record<string, unknown>;

/** What the wizard's three buttons ask: go back, stay, go on (every one saves first). */
export const WIZARD_MOVES = ["previous", "save", "continue"] as const;
type Move = (typeof WIZARD_MOVES)[number];

/**
 * A step's action. `schema` is the step's draft schema (it reads the form and
 * bounds it); `values` turns its output into the section sent to the API
 * (defaults to it as is). Conform's list intents (Add, Remove without
 * JavaScript) come back as they are, unsaved. Answers: a redirect to the
 * previous or next step; or the step again with its errors (400 when it could
 * not go on, 200 after Save draft, with `saved`), or with the stale notice.
 */
export async function saveWizardStep<Schema extends $ZodType<Section>>(
  request: Request,
  rawId: string | undefined,
  slug: StepSlug,
  opts: { schema?: Schema; values?: (value: output<Schema>) => Section; read?: FormWithUploads; keyed?: string[] } = {},
) {
  const id = routeId(rawId);
  // A form with files (opts.read) was read by its route, after signing in was checked.
  const formData = opts.read?.formData ?? (await readForm(request, { schema: opts.schema }));
  if (!opts.read) {
    const away = await signInKeepingForm(request, formData);
    if (away) return away;
  }
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const uploadErrors = opts.read?.uploadErrors ?? {};
  // Rows of the lists named in `keyed` get their key now (keyRows), so the step comes back with the keys it is saved with.
  for (const list of opts.keyed ?? []) keyRows(formData, list);
  const move: Move = (WIZARD_MOVES as readonly string[]).includes(String(formData.get("move"))) ? (formData.get("move") as Move) : "save";
  const submission = opts.schema ? parseWithZod(formData, { schema: opts.schema }) : undefined;
  const reply = (status: number, extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}, more: Record<string, unknown> = {}) =>
    json({ result: submission?.reply(extra) ?? null, saved: false, stale: null as string | null, ...more }, { status });

  if (submission && submission.status === undefined) return reply(200);
  if (submission && submission.status !== "success") return reply(400, { fieldErrors: uploadErrors });

  const value = submission?.status === "success" ? submission.value : undefined;
  const saved = await api(request).call(applications.update, {
    param: { id },
    json: {
      step: slug,
      values: value === undefined ? undefined : opts.values ? opts.values(value) : value,
      advance: move === "continue",
      updated_at: String(formData.get("updated_at") ?? ""),
    },
  });
  if (!saved.ok) {
    if (saved.status === 409) return reply(409, {}, { stale: saved.message });
    const formErrors = Object.keys(saved.errors).length ? [] : [saved.message];
    return reply(400, { fieldErrors: { ...saved.errors, ...uploadErrors }, formErrors });
  }
  writtenIn(request).set(id, saved.data);
  const n = stepNumber(slug);
  if (move === "previous") return redirect(stepUrl(id, STEPS[Math.max(n - 2, 0)].slug));
  const state = saved.data.steps[n - 1];
  const errors = { ...state.errors, ...uploadErrors };
  if (move === "continue" && Object.keys(errors).length === 0) return redirect(stepUrl(id, STEPS[Math.min(n, STEPS.length - 1)].slug));
  return reply(move === "continue" ? 400 : 200, { fieldErrors: errors }, { saved: move === "save" });
}

