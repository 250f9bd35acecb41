import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { formatEuro } from "~/domain/applications/money";
import type { Success } from "~/api/contract";
import type * as intake from "~/api/intake/contract";
import { formatInstantDay } from "~/components/application/instant";
import { ScrollBox } from "~/components/ScrollBox";
import { GrantLetterLink } from "~/components/grant-letter/GrantLetterLink";

type Intake = Success<typeof intake.intake>;
type Infra = Intake["infrastructures"][number];

/** The decision stages' links: each stage has its own screen (docs/lifecycle.md#panel-recommendation, #infrastructure-decision, #grant). */
const LINKS = {
  recommendation: (id: number) => `/admin/application/${id}/recommendation`,
  decisions: (id: number) => `/application-at-my-ri/${id}`,
  letter: (id: number) => `/application/${id}/grant-letter?preview=1`,
};

/** The statuses that have a grant letter to download (before them, the editor previews it while under evaluation). */
const GRANTED_ON = ["granted", "accepted", "withdrawn", "reporting", "reported"];

/**
 * Where the application stands after its evaluation (docs/lifecycle.md#panel-recommendation): the panel's
 * recommendation and each infrastructure's decision per requested
 * infrastructure, with links to the screens that record them and to the grant
 * letter's preview. The grant and rejection buttons are the status panel's.
 */
export function DecisionsPanel({ view }: { view: Intake }) {
  const { t, i18n } = useTranslation();
  const euro = (v: string | null) => (v === null ? "" : formatEuro(Math.round(Number(v) * 100), i18n.language));
  const yesNo = (v: boolean | null) => (v === null ? t("intake.decisions.pending") : t(v ? "intake.screen.yes" : "intake.screen.no"));
  const figures = (units: number | null, participants: number | null, budget: string | null) =>
    units === null ? "" : t("intake.decisions.figures", { units, participants: participants ?? 0, budget: euro(budget) });
  const open = view.status === "under-evaluation";
  const cell = (i: Infra, stage: "ta" | "sm") =>
    stage === "ta" ? [yesNo(i.ta_recommended), figures(i.ta_units, i.ta_participants, i.ta_budget)] : [yesNo(i.sm_accepted), figures(i.sm_units, i.sm_participants, i.sm_budget)];
  return (
    <section aria-labelledby="decisions-title">
      <h2 id="decisions-title">{t("intake.decisions.title")}</h2>
      <p>
        {view.ta_recommendation_complete && view.recommendation_date
          ? t("intake.decisions.recommended-on", { date: formatInstantDay(view.recommendation_date, i18n.language) })
          : t("intake.decisions.recommendation-open")}{" "}
        {view.sm_decision_date ? t("intake.decisions.decided-on", { date: formatInstantDay(view.sm_decision_date, i18n.language) }) : t("intake.decisions.decisions-open")}
      </p>
      {view.infrastructures.length ? (
        <ScrollBox label={t("intake.decisions.caption")}>
        <table>
          <caption>{t("intake.decisions.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("intake.decisions.infrastructure")}</th>
              <th scope="col">{t("intake.decisions.eligible")}</th>
              <th scope="col">{t("intake.decisions.recommended")}</th>
              <th scope="col">{t("intake.decisions.accepted")}</th>
            </tr>
          </thead>
          <tbody>
            {view.infrastructures.map((i) => (
              <tr key={i.id}>
                <th scope="row" data-stored="">
                  {i.short_name || i.name}
                </th>
                <td>{yesNo(i.has_eligible_accesses)}</td>
                {(["ta", "sm"] as const).map((stage) => {
                  const [flag, detail] = cell(i, stage);
                  return (
                    <td key={stage}>
                      {flag}
                      {detail ? <> ({detail})</> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollBox>
      ) : null}
      <ul>
        {open ? (
          <li>
            <Link to={LINKS.recommendation(view.id)}>{t("intake.decisions.recommend-link")}</Link>
          </li>
        ) : null}
        {open || view.sm_decision_date ? (
          <li>
            <Link to={LINKS.decisions(view.id)}>{t("intake.decisions.decisions-link")}</Link>
          </li>
        ) : null}
        {open ? (
          <li>
            <a href={LINKS.letter(view.id)}>{t("intake.decisions.letter-link")}</a>
          </li>
        ) : GRANTED_ON.includes(view.status) ? (
          <li>
            <GrantLetterLink applicationId={view.id} />
          </li>
        ) : null}
        {GRANTED_ON.includes(view.status) ? (
          <li>
            <Link to={`/application/${view.id}/agreements`}>{t("acceptance.section.agreements")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
