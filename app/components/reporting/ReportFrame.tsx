import type { ReactNode } from "react";
import { useNavigation, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import type { ReportPart } from "~/domain/reporting/parts";
import type { Success } from "~/api/contract";
import type * as reporting from "~/api/reporting/contract";
import { button, secondaryButton } from "~/styles/layout.css";
import { formatInstantDay } from "~/components/application/instant";
import * as css from "~/components/wizard/Wizard.css";

/** What the report's layout route (app/routes/application.$id.report.tsx) loads for every part. */
export interface ReportData {
  report: Success<typeof reporting.report>;
}

/** The report every part route renders, read once by the report's layout route. */
export function useReport() {
  const data = useRouteLoaderData<ReportData>("routes/application.$id.report");
  if (!data) throw new Error("useReport outside /application/{id}/report");
  return data.report;
}

/** The parts before and after `part`, for the buttons' moves. */
export function useNeighbours(part: ReportPart) {
  const report = useReport();
  const order = report.parts.map((p) => p.part);
  const i = order.indexOf(part);
  return { previous: i > 0 ? order[i - 1] : null, next: i >= 0 && i < order.length - 1 ? order[i + 1] : null, n: i + 1, count: order.length };
}

/**
 * A part's frame, as the wizard's: the application's name, "Part N of M", the
 * due day (or the late and submitted notices, and a watchdog's note sending it
 * back), the part itself, and the list of parts as links with their marks.
 */
export function ReportFrame({ part, children }: { part: ReportPart; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const report = useReport();
  const { n, count } = useNeighbours(part);
  const name = report.acronym || report.title || t("wizard.untitled");
  const due = formatDay(report.due_on, i18n.language);
  return (
    <div className={css.frame}>
      <div className={css.content}>
        <p className={css.counter}>
          {t("reporting.title", { name })} · {t("reporting.part-counter", { n, count })}
        </p>
        <h1>{t(`reporting.part.${part}`)}</h1>
        {report.submitted_at ? (
          <p className={css.keptNote}>
            {t("reporting.submitted", { date: formatInstantDay(report.submitted_at, i18n.language) })} {t("reporting.read-only")}
          </p>
        ) : report.late ? (
          <p className={css.keptNote}>{t("reporting.late", { date: due })}</p>
        ) : (
          <p>{t("reporting.due", { date: due })}</p>
        )}
        {report.watchdog_rejection && !report.submitted_at ? (
          <p className={css.keptNote} data-stored="">
            {t("reporting.rejected", { note: report.watchdog_rejection.note ?? "" })}
          </p>
        ) : null}
        {children}
      </div>
      <nav aria-labelledby="report-parts-title" className={css.stepNav}>
        <h2 id="report-parts-title" className={css.counter}>
          {t("reporting.parts-label")}
        </h2>
        <ol className={css.stepList}>
          {report.parts.map((p, i) => {
            const current = p.part === part;
            // Once submitted, no part is left "to complete": each says the report is submitted.
            const submitted = Boolean(report.submitted_at);
            const complete = submitted || (p.complete && p.part !== "submit");
            const state = current ? t("wizard.step-current") : submitted ? t("reporting.part-submitted") : complete ? t("reporting.complete") : t("reporting.incomplete");
            return (
              <li key={p.part}>
                <Link to={`/application/${report.id}/report/${p.part}`} className={`${css.stepLink} ${current ? css.currentStep : ""}`} aria-current={current ? "step" : undefined}>
                  <span className={`${css.stepMark} ${complete ? css.done : ""}`} aria-hidden="true">
                    {complete ? "✓" : i + 1}
                  </span>
                  <span>
                    {t(`reporting.part.${p.part}`)}
                    <span className="visually-hidden">{` (${state})`}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}

/** Save and continue, Save, Previous part: each saves the part first; the moves are named by the form's hidden fields. */
export function ReportButtons({ part }: { part: ReportPart }) {
  const { t } = useTranslation();
  const { previous, next } = useNeighbours(part);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" || (navigation.state === "loading" && navigation.formMethod !== undefined);
  return (
    <div className={css.buttons}>
      {previous ? <input type="hidden" name="previous" value={previous} /> : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {next ? (
        <button type="submit" name="move" value="continue" className={button} disabled={busy}>
          {t("reporting.save-continue")}
        </button>
      ) : null}
      <button type="submit" name="move" value="save" className={secondaryButton} disabled={busy}>
        {t("reporting.save")}
      </button>
      {previous ? (
        <button type="submit" name="move" value="previous" className={secondaryButton} disabled={busy}>
          {t("reporting.previous")}
        </button>
      ) : null}
    </div>
  );
}
