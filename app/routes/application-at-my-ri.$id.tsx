import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AgreementsLink } from "~/components/acceptance/AgreementsLink";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as ri from "~/api/ri-decisions/contract";
import { requireAccess } from "~/auth/user.server";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { formatDay } from "~/domain/dates";
import { idFromText } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { reviewAction, text } from "~/forms/review-form.server";
import { routeId } from "~/forms/route-id";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { titleFrom } from "~/lib/document-title";
import { ApplicationSections } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { StatusBadge } from "~/components/StatusBadge";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { InfrastructureDecision } from "~/components/ri-decisions/InfrastructureDecision";
import { ConfirmationForm } from "~/components/reporting/ConfirmationForm";
import * as reporting from "~/api/reporting/contract";
import { dayOf, numberOf } from "~/forms/report-form.server";
import { DossierLinks } from "~/components/dossier/DossierLinks";

export const handle = titleFrom<{ view: { acronym: string | null; title: string | null } }>((d, t) =>
  t("ri-decisions.screen.title", { name: d.view.acronym || d.view.title || t("wizard.untitled") }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application-at-my-ri"]);
  const id = routeId(params.id);
  const [view, countries] = await Promise.all([api(request).read(ri.decisions, { param: { id } }), countryNames(request)]);
  // From reporting on, the report's accesses to confirm (docs/lifecycle.md#report-confirmation).
  const confirmations = ["reporting", "reported"].includes(view.status) ? await api(request).call(reporting.smReport, { param: { id } }) : null;
  return json({ view, countries: namesInDraft(countries, view.application.draft), confirmations: confirmations?.ok ? confirmations.data : null });
}

/** "true"/"false" from the radio buttons; anything else is no answer (the API then says it is required). */
const flag = (v: string | undefined) => (v === "true" ? true : v === "false" ? false : undefined);

/** decide, reopen and dates, each through its API operation; the application infrastructure or access is named by the form. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application-at-my-ri"]);
  const id = routeId(params.id);
  const client = api(request);
  return reviewAction(
    request,
    `/application-at-my-ri/${id}`,
    (intent, form) => {
      const updated_at = text(form, "updated_at") ?? "";
      const ai = idFromText(text(form, "application_infrastructure_id") ?? "") ?? 0;
      if (intent === "decide") {
        const body = {
          application_infrastructure_id: ai,
          sm_accepted: flag(text(form, "sm_accepted")),
          sm_units: text(form, "sm_units"),
          sm_participants: text(form, "sm_participants"),
          sm_budget: text(form, "sm_budget"),
          sm_justification: text(form, "sm_justification"),
          updated_at,
        };
        return client.call(ri.decide, { param: { id }, json: body });
      }
      if (intent === "confirm") {
        const accesses = form.getAll("access").map((v, i) => ({
          id: idFromText(String(v)) ?? 0,
          sm_report_confirmed: flag(text(form, `accesses.${i}.sm_report_confirmed`)),
          sm_report_units: numberOf(text(form, `accesses.${i}.sm_report_units`)) as number | undefined,
          sm_report_type: (text(form, `accesses.${i}.sm_report_type`) || undefined) as "physical" | undefined,
          sm_report_date_from: dayOf(text(form, `accesses.${i}.sm_report_date_from`)),
          sm_report_date_to: dayOf(text(form, `accesses.${i}.sm_report_date_to`)),
          sm_reimbursement_date: dayOf(text(form, `accesses.${i}.sm_reimbursement_date`)),
        }));
        return client.call(reporting.saveSmReport, { param: { id }, json: { application_infrastructure_id: ai, accesses, updated_at } });
      }
      if (intent === "reopen") return client.call(ri.reopen, { param: { id }, json: { application_infrastructure_id: ai, updated_at } });
      const access = idFromText(text(form, "access_id") ?? "");
      if (intent === "dates" && access) {
        return client.call(ri.accessDates, { param: { id: access }, json: { date_from: text(form, "date_from") ?? "", date_to: text(form, "date_to") ?? "", updated_at } });
      }
      return null;
    },
    (intent) => (intent === "confirm" ? "reporting.confirm.done" : `ri-decisions.done.${intent}`),
  );
}

/**
 * /application-at-my-ri/{id}: per requested infrastructure of the reader's
 * (every one for editors) the panel's recommendation, the accesses and the
 * decision form or what was decided (with the editor's reopen), then the
 * application, read-only. Every action is a real form.
 */
export default function ApplicationAtMyRi() {
  const { t, i18n } = useTranslation();
  const { view, countries, confirmations } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const name = view.acronym || view.title || t("wizard.untitled");
  const summary = Object.entries(posted?.errors ?? {}).map(([field, messages]) => {
    const target = posted?.values.application_infrastructure_id ? `${field}-${posted.values.application_infrastructure_id}` : `${field}-access-${posted?.values.access_id}`;
    return { id: target, label: t(`ri-decisions.fields.${field}`, { defaultValue: field }), message: messages[0] };
  });
  return (
    <>
      <p>
        <Link to="/application-at-my-ri">{t("ri-decisions.screen.back")}</Link>
      </p>
      <h1>{t("ri-decisions.screen.title", { name })}</h1>
      <Facts
        items={[
          [t("ri-decisions.screen.call"), <span key="c" data-stored="">{view.call.title}</span>],
          [t("ri-decisions.screen.status"), <StatusBadge key="s" status={view.status} tone={APPLICATION_STATUS_TONE[view.status]} prefix="applications.status" />],
          [t("ri-decisions.screen.deadline"), formatDay(view.call.evaluation_manager_date, i18n.language)],
          [
            view.sm_decision_date ? t("ri-decisions.screen.complete") : t("ri-decisions.screen.not-complete"),
            view.sm_decision_date ? formatInstantDay(view.sm_decision_date, i18n.language) : "—",
          ],
        ]}
      />
      {view.deadline_passed && view.status === "under-evaluation" ? <p>{t("ri-decisions.screen.deadline-passed")}</p> : null}
      <AgreementsLink applicationId={view.id} status={view.status} />
      <DossierLinks applicationId={view.id} />
      {posted?.stale ? <StaleNotice message="ri-decisions.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message} />}
      <ErrorSummary items={summary} />
      {view.infrastructures.map((infra) => (
        <InfrastructureDecision key={infra.id} infra={infra} status={view.status} deadlinePassed={view.deadline_passed} posted={posted ?? undefined} />
      ))}
      {confirmations?.infrastructures.some((i) => i.can_confirm) ? (
        <section aria-labelledby="confirmations-title">
          <h2 id="confirmations-title">{t("reporting.confirm.section")}</h2>
          {confirmations.report?.submitted_at ? null : <p>{t("reporting.confirm.waiting")}</p>}
          {confirmations.infrastructures
            .filter((i) => i.can_confirm)
            .map((infra) => (
              <ConfirmationForm
                key={infra.id}
                infra={infra}
                errors={posted?.intent === "confirm" && posted.values.application_infrastructure_id === String(infra.id) ? posted.errors : {}}
                posted={posted?.intent === "confirm" && posted.values.application_infrastructure_id === String(infra.id) ? posted.values : undefined}
              />
            ))}
        </section>
      ) : null}
      <h2>{t("ri-decisions.screen.application")}</h2>
      <ApplicationSections app={view.application} countries={countries} />
    </>
  );
}
