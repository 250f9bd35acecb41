import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { IntentForm } from "~/components/reviews/ReviewParts";
import { ReportView, type ReportedView } from "./ReportView";

/**
 * The staff screen's report panel (docs/lifecycle.md#reporting, #report-reading): the whole report, and
 * the editor's reopen while it is submitted (the applicant can change it again).
 */
export function ReportPanel({ report, status, updatedAt, errors }: { report: ReportedView; status: string; updatedAt: string; errors?: Record<string, string[]> }) {
  const { t } = useTranslation();
  const reopenable = status === "reporting" && report.submitted_at !== null;
  return (
    <section aria-labelledby="report-panel-title">
      <h2 id="report-panel-title">{t("reporting.reopen.title")}</h2>
      <ReportView report={report} headingLevel={3} />
      {reopenable ? (
        <IntentForm intent="reopen-report" label={t("reporting.reopen.button")}>
          <input type="hidden" name="updated_at" value={updatedAt} />
          <Field id="reopen-notes" label={t("reporting.reopen.notes")} errors={errors?.notes}>
            {(aria) => <textarea {...aria} name="notes" rows={3} maxLength={2000} />}
          </Field>
        </IntentForm>
      ) : null}
    </section>
  );
}
