import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as intake from "~/api/intake/contract";
import * as reviews from "~/api/reviews/contract";
import * as reporting from "~/api/reporting/contract";
import * as assistantApi from "~/api/assistant/contract";
import * as audit from "~/api/audit/contract";
import { AssistantReport } from "~/components/application/AssistantReport";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { ReportPanel } from "~/components/reporting/ReportPanel";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { routeId } from "~/forms/route-id";
import { intakeAction } from "~/forms/intake-form.server";
import { readForm } from "~/forms/read-form.server";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { titleFrom } from "~/lib/document-title";
import { ApplicationSections } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { StatusBadge } from "~/components/StatusBadge";
import { StatusPanel } from "~/components/intake/StatusPanel";
import { EligibilityPanel } from "~/components/intake/EligibilityPanel";
import { InfrastructuresPanel } from "~/components/intake/InfrastructuresPanel";
import { ReviewersPanel } from "~/components/intake/ReviewersPanel";
import { EvaluationsPanel } from "~/components/intake/EvaluationsPanel";
import { HistoryPanel } from "~/components/intake/HistoryPanel";
import { ChangesPanel } from "~/components/intake/ChangesPanel";
import { StatusConfirmation } from "~/components/intake/StatusConfirmation";
import type { IntakeFormResult } from "~/components/intake/intake-form";
import { DecisionsPanel } from "~/components/intake/DecisionsPanel";
import { DossierLinks } from "~/components/dossier/DossierLinks";

export const handle = titleFrom<{ app: { id: number; acronym: string | null; title: string | null } }>((d, t) =>
  t("intake.screen.title", { name: d.app.acronym || d.app.title || t("wizard.untitled"), id: d.app.id }),
);

/** The latest changes the staff screen shows; the rest are on /admin/application/{id}/changes. */
const CHANGES_SHOWN = 5;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  const id = routeId(params.id);
  const client = api(request);
  const [app, view, evaluations, countries, assistant, changes] = await Promise.all([
    client.read(applications.one, { param: { id } }),
    client.read(intake.intake, { param: { id } }),
    client.read(reviews.evaluations, { param: { id } }),
    countryNames(request),
    client.read(assistantApi.status, { param: { id } }),
    client.read(audit.ofApplication, { param: { id }, query: { page: 1, per_page: CHANGES_SHOWN } }),
  ]);
  // The report, once the application is in reporting (404 before).
  const report = ["reporting", "reported"].includes(app.status) ? await client.call(reporting.reported, { param: { id } }) : null;
  // The transnational hints name the infrastructures' countries and the ones the call excludes too.
  const hinted = view.infrastructures.flatMap((i) => [i.transnational.country, ...i.transnational.excluded]).filter((c): c is string => !!c && c in countries);
  const names = { ...namesInDraft(countries, app.draft), ...Object.fromEntries(hinted.map((c) => [c, countries[c]])) };
  return json({ app, view, evaluations, countries: names, report: report?.ok ? report.data : null, assistant, changes });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  const id = routeId(params.id);
  // The reopen is this screen's own; every other form goes to the intake panels' action (which reads the body again).
  const form = await readForm(request.clone());
  if (form.get("intent") === "reopen-report") {
    const notes = form.get("notes");
    const res = await api(request).call(reporting.reopenReport, {
      param: { id },
      json: { notes: typeof notes === "string" && notes.trim() ? notes : undefined, updated_at: String(form.get("updated_at") ?? "") },
    });
    return redirectWithAlert(request, `/admin/application/${id}`, res.ok ? successAlert("reporting.reopen.done") : refusedAlert(res.message));
  }
  return intakeAction(request, id);
}

/**
 * /admin/application/{id}: the application as its owner sees it, and the staff
 * panels of intake (docs/lifecycle.md#eligibility to #viewing, #history); a
 * status change posted from its panel answers with its question instead.
 */
export default function AdminApplication() {
  const { t, i18n } = useTranslation();
  const { app, view, evaluations, countries, report, assistant, changes } = useLoaderData<typeof loader>();
  const posted = useActionData<IntakeFormResult>();
  const name = app.acronym || app.title || t("wizard.untitled");
  if (posted?.confirm) return <StatusConfirmation app={app} asked={{ ...posted, confirm: posted.confirm }} />;
  return (
    <>
      <p>
        <Link to="/admin/application">{t("intake.screen.back")}</Link>
      </p>
      <h1>{t("intake.screen.title", { name, id: app.id })}</h1>
      <Facts
        items={[
          [t("review-page.status"), <StatusBadge key="s" status={app.status} tone={APPLICATION_STATUS_TONE[app.status]} prefix="applications.status" />],
          [t("intake.screen.applicant"), app.owner.display_name],
          [t("review-page.call"), app.call.title],
          [t("review-page.title-field"), app.title],
          [t("review-page.submitted"), app.submitted_at ? formatInstantDay(app.submitted_at, i18n.language) : null],
          [t("intake.screen.evaluation-complete"), t(view.evaluation_complete ? "intake.screen.yes" : "intake.screen.no")],
        ]}
      />
      <DossierLinks applicationId={app.id} />
      <StatusPanel view={view} />
      <InfrastructuresPanel view={view} />
      <EligibilityPanel view={view} countries={countries} />
      <ReviewersPanel view={view} />
      <EvaluationsPanel data={evaluations} />
      <DecisionsPanel view={view} />
      {report ? <ReportPanel report={report} status={app.status} updatedAt={report.updated_at} /> : null}
      <AssistantReport status={assistant} />
      <HistoryPanel history={app.history} />
      <ChangesPanel applicationId={app.id} entries={changes.data} total={changes.meta.total} />
      <h2>{t("intake.screen.application-title")}</h2>
      <ApplicationSections app={app} countries={countries} />
    </>
  );
}
