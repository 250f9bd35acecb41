import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { isStepSlug, type SectionKey, type StepSlug } from "~/domain/applications/steps";
import { loadWizard } from "~/forms/wizard-step.server";
import { WIZARD_TEXTS, type WizardData } from "~/components/wizard/WizardFrame";
import { publicSettings } from "~/cache/content.server";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-applications");

/**
 * The draft's sections each step reads: its own, and those it names (an
 * access's member, a cost's access, a young leader's letters); the review reads
 * every one. The page carries only these: its data is part of its HTML, and
 * a step page weighs under 60 KB (docs/budgets.md#weight, ADR 020).
 */
const SECTIONS_READ: Record<StepSlug, readonly SectionKey[] | "all"> = {
  terms: ["terms"],
  intro: [],
  project: ["project"],
  "user-group": ["group"],
  logistics: ["logistics", "group"],
  costs: ["costs", "logistics"],
  publications: ["publications"],
  appendices: ["appendices", "group"],
  review: "all",
};

/**
 * /application/{id}/update/*: reads the application once for every step (the
 * steps read it with useWizard) and guards the step asked for: a submitted
 * application goes to its review, a step after an incomplete one to that one,
 * and the bare /update to the draft's current step.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const last = new URL(request.url).pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  const slug = isStepSlug(last) ? last : null;
  const [{ app, kept, setCookie }, settings] = await Promise.all([loadWizard(request, params.id, slug), publicSettings()]);
  const locale = await i18next.getLocale(request);
  const texts = Object.fromEntries(WIZARD_TEXTS.map((k) => [k, entrySetting(settings.data, k, locale)])) as WizardData["texts"];
  const read = slug ? SECTIONS_READ[slug] : "all";
  const draft = read === "all" ? app.draft : Object.fromEntries(read.flatMap((k) => (k in app.draft ? [[k, app.draft[k]]] : [])));
  return json<WizardData>({ app: { ...app, draft }, texts, kept }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * A move to another step (a link of the steps' list, with JavaScript) reads
 * the application again, as a page load does: the step is guarded afresh and
 * gets the sections it reads. Without this, a parent's data stays when only
 * its child route changes.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function WizardLayout() {
  return <Outlet />;
}
