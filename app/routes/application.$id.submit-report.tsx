import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { formatDay } from "~/domain/days";
import { formRefusal } from "~/forms/form-refusal.server";
import { readForm } from "~/forms/read-form.server";
import { text } from "~/forms/review-form.server";
import { routeId } from "~/forms/route-id";
import { Confirmation } from "~/components/Confirmation";
import * as css from "~/components/acceptance/Acceptance.css";
import { titleKey } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";
import { LocalText } from "~/components/LocalText";

export const handle = titleKey("reporting.submit.title");

const missingAny = (errors: Record<string, Record<string, string[]>>) => Object.values(errors).some((fields) => Object.keys(fields).length > 0);

/** The report to submit; one that cannot be submitted goes back: to the application once submitted, to the summary while parts are missing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const [report, locale] = await Promise.all([api(request).read(reporting.report, { param: { id } }), i18next.getLocale(request)]);
  if (!report.can_edit) throw redirect(`/application/${id}/review`);
  if (missingAny(report.errors)) throw redirect(`/application/${id}/report/submit`);
  const { acronym, title, call, due_on, late, approval_asked, updated_at } = report;
  return json({ id, acronym, title, call: localizeField(locale, call, "title"), due_on, late, approval_asked, updated_at });
}

/**
 * PUT /api/applications/{id}/submit-report, then the application's page with
 * a success alert (late or not). A stale copy stays on the question; parts
 * found missing go back to the summary, which lists them.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const res = await api(request).call(reporting.submitReport, { param: { id }, json: { updated_at: text(form, "updated_at") ?? "" } });
  if (res.ok) return redirectWithAlert(request, `/application/${id}/review`, successAlert(res.data.late ? "reporting.summary.submitted-late" : "reporting.summary.submitted-done"));
  if (Object.keys(res.errors).length) throw redirect(`/application/${id}/report/submit`);
  const { status, ...refused } = formRefusal(res, "reporting.errors.stale");
  return json(refused, { status });
}

/** /application/{id}/submit-report: "Submit the report?", answered by a real form, so it works without JavaScript. */
export default function SubmitReport() {
  const { t, i18n } = useTranslation();
  const report = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const due = formatDay(report.due_on, i18n.language);
  return (
    <Confirmation
      title={t("reporting.submit.title")}
      facts={[
        [t("my-applications.call"), <LocalText key="call" text={report.call} />],
        [t("my-applications.acronym"), report.acronym],
        [t("my-applications.title"), report.title],
        [t("reporting.view.due"), due],
      ]}
      intro={
        <>
          {report.late ? <p className={css.notice}>{t("reporting.late", { date: due })}</p> : null}
          <p>{t("reporting.submit.intro", { watchdog: report.approval_asked ? t("reporting.summary.with-watchdog") : "" })}</p>
        </>
      }
      refused={refused}
      stale={{ message: "reporting.errors.stale", reload: "reporting.errors.reload" }}
      fields={{ updated_at: report.updated_at }}
      yes={t("reporting.submit.confirm")}
      cancelTo={`/application/${report.id}/report/submit`}
    />
  );
}
