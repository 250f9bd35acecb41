import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { STEPS } from "~/domain/applications/steps";
import { stepUrl } from "~/forms/wizard-step.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";
import { countryNames } from "~/lib/country-names.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { ErrorSummary, type SummaryItem } from "~/components/ErrorSummary";
import { ApplicationSections, cardId } from "~/components/application/ApplicationSections";
import { StepIssues } from "~/components/application/StepIssues";
import { summary } from "~/components/Form.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.review");

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ countries: await countryNames(request) });
}

/**
 * Previous step goes back to the appendices; the forward button submits the
 * application (PUT /api/applications/{id}/submit): on success its review page
 * with a success alert, else this step again with what stopped it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  if (formData.get("move") === "previous") return redirect(stepUrl(id, "appendices"));
  const sent = await api(request).call(applications.submit, { param: { id }, json: { updated_at: String(formData.get("updated_at") ?? "") } });
  if (sent.ok) return redirectWithAlert(request, `/application/${id}/review`, successAlert("review-step.submitted"));
  if (sent.status === 409) return json({ stale: sent.message, failed: null }, { status: 409 });
  // 422 (answered as 400, like a step that could not go on): the steps' errors come back with the page (its loaders run again); a refusal without any (the call closed) is said as it is.
  return json({ stale: null, failed: Object.keys(sent.errors).length ? null : sent.message }, { status: 400 });
}

/** Step 9, Review: everything entered, read-only, each step with its counters and links to its faulty fields; Submit the application. */
export default function ReviewStep() {
  const { t } = useTranslation();
  const { app } = useWizard();
  const { countries } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posted = actionData !== undefined && !actionData.stale;
  const closed = !app.call.is_open;
  const mayNotSubmit = closed || !app.is_leader;
  // One line per faulty step, to its part of this page, where each field has its link.
  const items: SummaryItem[] = posted
    ? STEPS.flatMap((s, i) => {
        const count = Object.keys(app.steps[i].errors).length;
        return count ? [{ id: cardId(s.slug), label: t(`wizard.steps.${s.slug}`), message: t("validation.error-count", { count }) }] : [];
      })
    : [];
  return (
    <WizardFrame slug="review">
      {posted ? <ErrorSummary items={items} formErrors={actionData.failed ? [actionData.failed] : items.length ? [] : ["validation.failed-check"]} /> : null}
      {closed ? (
        <div className={summary} role="status">
          <p>{t("applications.call-closed")}</p>
        </div>
      ) : !app.is_leader ? (
        // The group-leader-alert setting is shown before the steps (Before you start); here, why this reader cannot submit.
        <div className={summary} role="status">
          <p>{t("applications.not-leader")}</p>
        </div>
      ) : (
        <p>{t(app.complete ? "review-step.ready" : "review-step.incomplete")}</p>
      )}
      <ApplicationSections
        app={app}
        countries={countries}
        editable
        statuses={app.steps}
        issues={(slug) => <StepIssues appId={app.id} slug={slug} state={app.steps.find((s) => s.slug === slug)} />}
      />
      <StepForm items={[]} actionData={actionData ?? undefined} continueLabel={mayNotSubmit ? null : t("review-step.submit")} draft={false}>
        {mayNotSubmit ? null : <p>{t("review-step.irreversible")}</p>}
      </StepForm>
    </WizardFrame>
  );
}
