import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "~/components/acceptance/Acceptance.css";

/**
 * The applicant's reporting on their application page: Start reporting (a
 * real form) once accepted, then the way to the report and its due day.
 */
export function ReportingSection({ id, status, updatedAt, canStart, opensOn, reportDays, report }: {
  id: number;
  status: string;
  updatedAt: string;
  canStart: boolean;
  /** The day reporting opens to the applicant: said while an accepted grant's access has not ended. */
  opensOn: string | null;
  reportDays: number | null;
  report: { due_on: string; submitted_at: string | null; late: boolean } | null;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const waiting = status === "accepted" && !canStart && !report && opensOn !== null;
  if (!canStart && !report && !waiting) return null;
  const open = status === "reporting" && report && !report.submitted_at;
  return (
    <section aria-labelledby="reporting-title" className={css.section}>
      <h2 id="reporting-title">{t("reporting.start.title")}</h2>
      {canStart ? (
        <>
          <p>{t("reporting.start.hint", { days: reportDays ?? 0 })}</p>
          <Form method="post" action={`/application/${id}/start-reporting`}>
            <input type="hidden" name="updated_at" value={updatedAt} />
            <button type="submit" className={button} disabled={busy}>
              {t("reporting.start.button")}
            </button>
          </Form>
        </>
      ) : waiting ? (
        <p>{t("reporting.start.opens", { date: formatDay(opensOn, i18n.language), days: reportDays ?? 0 })}</p>
      ) : report ? (
        <>
          <p className={report.late && open ? css.notice : undefined}>
            {open ? t(report.late ? "reporting.late" : "reporting.due", { date: formatDay(report.due_on, i18n.language) }) : t("reporting.start.submitted")}
          </p>
          <div className={css.actions}>
            <Link to={`/application/${id}/report`} className={open ? button : secondaryButton}>
              {t(open ? "reporting.start.continue" : "reporting.start.view")}
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}
