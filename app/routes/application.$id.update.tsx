import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { isStepSlug } from "~/domain/applications/steps";
import { loadWizard } from "~/forms/wizard-step.server";
import { publicSettings } from "~/lib/content-cache.server";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-applications");

/** The settings' texts the steps show beside their fields. */
const WIZARD_TEXTS = [
  "terms-of-service", "group-leader-alert", "group-leader-access-alert", "appendix-alert", "young-description",
  "extra-information-label", "working-region-label", "consortium", "recommendation-letter",
] as const;

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
  const texts = Object.fromEntries(WIZARD_TEXTS.map((k) => [k, settings.data.find((s) => s.key === k)?.value ?? ""])) as Record<(typeof WIZARD_TEXTS)[number], string>;
  return json({ app, texts, kept }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export default function WizardLayout() {
  return <Outlet />;
}
