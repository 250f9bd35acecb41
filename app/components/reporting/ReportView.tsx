import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import { FEEDBACK_TEXTS, SCORE_FIELDS } from "~/domain/reporting/parts";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { CaptionedTable } from "~/components/CaptionedTable";

type File = { id: number; name: string } | null;

/** What the read-only report needs of GET /api/applications/{id}/reported. */
export interface ReportedView {
  due_on: string;
  late: boolean;
  submitted_at: string | null;
  approval_asked: boolean;
  activity: { season_objectives: string | null; achievements_and_difficulties: string | null };
  accesses: { id: number; type: string; requested_units: number; user_units: number | null; user_date_from: string | null; user_date_to: string | null; infrastructure: { name: string; short_name: string | null } }[];
  confirmations: { id: number; sm_report_confirmed: boolean | null; sm_report_units: number | null; sm_report_date_from: string | null; sm_report_date_to: string | null; sm_reimbursement_date: string | null }[];
  documents: { scientific_report: File; data_man_final: File };
  feedback: Record<(typeof SCORE_FIELDS)[number] | (typeof FEEDBACK_TEXTS)[number], string | number | null> & { feedback_recommend: boolean | null };
  watchdog: { review: "approved" | "rejected" | null; note: string | null; at: string | null };
  publications: { id: number; title: string; year: number | null; authors: string | null; doi: string | null; web_address: string | null }[];
  events: { event: string; note: string | null; created_at: string; by: string | null }[];
}

/**
 * The whole report, read-only (docs/lifecycle.md#report-reading): what was done, each access
 * as reported and as its infrastructure confirmed it, the documents, the
 * feedback, the publications, the watchdog's verdict and the report's history.
 */
export function ReportView({ report, headingLevel = 2 }: { report: ReportedView; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const H = `h${headingLevel}` as "h2";
  const Sub = `h${headingLevel + 1}` as "h3";
  const day = (d: string | null) => (d ? formatDay(d, i18n.language) : "—");
  const confirmation = (id: number) => report.confirmations.find((c) => c.id === id);
  const file = (f: File) => (f ? <a key={f.id} href={`/media/${f.id}`} download><span data-stored="">{f.name}</span></a> : null);
  return (
    <section aria-labelledby="report-view-title">
      <H id="report-view-title">{t("reporting.view.title")}</H>
      <Facts
        items={[
          [t("reporting.view.due"), day(report.due_on)],
          [t("reporting.view.submitted"), report.submitted_at ? formatInstantDay(report.submitted_at, i18n.language) + (report.late ? ` (${t("reporting.view.late")})` : "") : null],
          ...(report.approval_asked ? [[t("reporting.view.watchdog"), report.watchdog.review ? t(`reporting.view.verdict.${report.watchdog.review}`) : t("reporting.view.verdict.pending")] as [string, string]] : []),
        ]}
      />
      <Sub>{t("reporting.part.activity")}</Sub>
      <Facts items={[[t("reporting.activity.season_objectives"), report.activity.season_objectives], [t("reporting.activity.achievements_and_difficulties"), report.activity.achievements_and_difficulties]]} />
      <Sub>{t("reporting.part.accesses")}</Sub>
      <CaptionedTable
        caption={t("reporting.view.accesses-caption")}
        columns={[t("reporting.view.infrastructure"), t("reporting.view.reported"), t("reporting.view.confirmed"), t("reporting.view.reimbursed")]}
      >
        {report.accesses.map((a) => {
          const c = confirmation(a.id);
          return (
            <tr key={a.id}>
              <td>{a.infrastructure.short_name || a.infrastructure.name}</td>
              <td>{a.user_units === null ? "—" : t("reporting.view.units-dates", { units: a.user_units, from: day(a.user_date_from), to: day(a.user_date_to) })}</td>
              <td>
                {c?.sm_report_confirmed === null || !c
                  ? t("reporting.view.not-confirmed")
                  : c.sm_report_confirmed
                    ? t("reporting.view.units-dates", { units: c.sm_report_units, from: day(c.sm_report_date_from), to: day(c.sm_report_date_to) })
                    : t("reporting.view.not-taken-place")}
              </td>
              <td>{day(c?.sm_reimbursement_date ?? null)}</td>
            </tr>
          );
        })}
      </CaptionedTable>
      <Sub>{t("reporting.part.documents")}</Sub>
      <Facts items={[[t("reporting.documents.scientific_report"), file(report.documents.scientific_report)], [t("reporting.documents.data_man_final"), file(report.documents.data_man_final)]]} />
      <Sub>{t("reporting.part.feedback")}</Sub>
      <Facts
        items={[
          ...SCORE_FIELDS.map((f): [string, string | null] => [t(`reporting.feedback.${f}`), report.feedback[f] === null ? null : `${report.feedback[f]} / 5`]),
          [t("reporting.feedback.feedback_recommend"), report.feedback.feedback_recommend === null ? null : t(report.feedback.feedback_recommend ? "reporting.feedback.yes" : "reporting.feedback.no")],
          ...FEEDBACK_TEXTS.map((f): [string, string | null] => [t(`reporting.feedback.${f}`), report.feedback[f] as string | null]),
        ]}
      />
      <Sub>{t("reporting.part.publications")}</Sub>
      {report.publications.length ? (
        <ul>
          {report.publications.map((p) => (
            <li key={p.id} data-stored="">
              {p.authors ? `${p.authors} ` : ""}
              {p.year ? `(${p.year}) ` : ""}
              <cite>{p.title}</cite>
              {p.doi ? (
                <>
                  {" "}
                  <a href={`https://doi.org/${p.doi}`}>doi:{p.doi}</a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("reporting.view.no-publications")}</p>
      )}
      {report.watchdog.review === "rejected" && report.watchdog.note ? <Facts items={[[t("reporting.view.watchdog-note"), report.watchdog.note]]} /> : null}
      <Sub>{t("reporting.view.history")}</Sub>
      <ol>
        {report.events.map((e, i) => (
          <li key={i}>
            {t("typography.label-value", { label: formatInstantDay(e.created_at, i18n.language), value: t(`reporting.view.event.${e.event}`) })}
            {e.by ? <span data-stored="">{` (${e.by})`}</span> : null}
            {e.note ? <span data-stored="">{` — ${e.note}`}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
