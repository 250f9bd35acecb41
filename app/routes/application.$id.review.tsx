import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as acceptanceApi from "~/api/acceptance/contract";
import { requireUser } from "~/auth/user.server";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { stepAt } from "~/domain/applications/steps";
import { routeId } from "~/forms/route-id";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { ApplicationSections, SectionIndex } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { StatusTimeline } from "~/components/acceptance/StatusTimeline";
import { AcceptanceSection } from "~/components/acceptance/AcceptanceSection";
import { ReportingSection } from "~/components/reporting/ReportingSection";
import { ReportView } from "~/components/reporting/ReportView";
import * as reportingApi from "~/api/reporting/contract";
import { formatInstantDay } from "~/components/application/instant";
import { StatusBadge } from "~/components/StatusBadge";
import { button } from "~/styles/layout.css";
import { titleFrom } from "~/lib/document-title";
import { DossierLinks } from "~/components/dossier/DossierLinks";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";
import { LocalText } from "~/components/LocalText";

export const handle = titleFrom<{ app: { acronym: string | null; title: string | null } }>((d, t) =>
  t("wizard.title", { name: d.app.acronym || d.app.title || t("wizard.untitled") }),
);

/** The application, read-only: its owner's (and staff's, whom the API lets read any); another user's answers 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const [app, countries, progress, locale] = await Promise.all([
    api(request).read(applications.one, { param: { id } }),
    countryNames(request),
    api(request).read(acceptanceApi.timeline, { param: { id } }),
    i18next.getLocale(request),
  ]);
  // The whole report, read-only, once submitted or reported (docs/lifecycle.md#report-reading).
  const submitted = progress.acceptance.report?.submitted_at || app.status === "reported";
  const report = submitted ? await api(request).call(reportingApi.reported, { param: { id } }) : null;
  // The call's title in the reader's language, else in English marked so (ADR 052).
  const callTitle = localizeField(locale, app.call, "title");
  return json({ app, callTitle, countries: namesInDraft(countries, app.draft), progress, report: report?.ok ? report.data : null });
}

/** /application/{id}/review: the whole application as entered, its status timeline, and Continue for a draft. */
export default function ApplicationReview() {
  const { t, i18n } = useTranslation();
  const { app, callTitle, countries, progress, report } = useLoaderData<typeof loader>();
  const name = app.acronym || app.title || t("wizard.untitled");
  const draft = app.status === "draft";
  return (
    <>
      <p>
        <Link to="/application">{t("review-page.back")}</Link>
      </p>
      <h1>{t("wizard.title", { name })}</h1>
      <Facts
        items={[
          [t("review-page.status"), <StatusBadge key="s" status={app.status} tone={APPLICATION_STATUS_TONE[app.status]} prefix="applications.status" />],
          [t("review-page.call"), <LocalText key="c" text={callTitle} />],
          [t("review-page.title-field"), app.title],
          [t("review-page.submitted"), app.submitted_at ? formatInstantDay(app.submitted_at, i18n.language) : null],
          [t("review-page.changed"), formatInstantDay(app.updated_at, i18n.language)],
        ]}
      />
      <DossierLinks applicationId={app.id} />
      <SectionIndex />
      {draft ? (
        <p>
          <Link to={`/application/${app.id}/update`} className={button}>
            {t("my-applications.continue", { n: app.step, step: t(`wizard.steps.${stepAt(app.step)}`) })}
          </Link>
        </p>
      ) : null}
      <AcceptanceSection
        id={app.id}
        status={app.status}
        acceptedAt={progress.timeline.stages.find((s) => s.key === "acceptance")?.at ?? null}
        acceptance={progress.acceptance}
        owner={progress.acceptance.is_owner}
      />
      {progress.acceptance.is_owner ? (
        <ReportingSection
          id={app.id}
          status={app.status}
          updatedAt={progress.updated_at}
          canStart={progress.acceptance.can_start_reporting}
          opensOn={progress.acceptance.reporting_opens_on}
          reportDays={progress.acceptance.report_days}
          report={progress.acceptance.report}
        />
      ) : null}
      <StatusTimeline status={progress.status} timeline={progress.timeline} />
      {report ? <ReportView report={report} /> : null}
      <ApplicationSections
        app={app}
        countries={countries}
        index={false}
        editable={draft && progress.acceptance.is_owner}
        statuses={draft ? app.steps : undefined}
      />
    </>
  );
}
