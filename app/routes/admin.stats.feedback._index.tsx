import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { feedback } from "~/api/stats/feedback-contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { Link } from "~/components/Link";
import { answerCell } from "~/components/Stats.css";
import { StatsFrame, StatsTable } from "~/components/StatsFrame";
import { StatsPagedTable } from "~/components/StatsPagedTable";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { FEEDBACK_SCORES } from "~/domain/stats/feedback";
import { statsUrlFilters } from "~/domain/stats/filter";
import { statsPage } from "~/forms/stats-page.server";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { BarChart } from "~/components/charts";
import { chartLanguage, stackedBarChart } from "~/lib/charts/index.server";

export const handle = titleKey("stats.feedback.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/feedback"]);
  const params = new URL(request.url).searchParams;
  const f = statsUrlFilters(params);
  const client = api(request);
  const [figures, options, { locale, t }] = await Promise.all([
    client.read(feedback, { query: { ...f, page: statsPage(params) } }),
    applicationFilterOptions(request, client),
    chartLanguage(request),
  ]);
  // Each question's answers split by score; a chart has four series at most, so 1 and 2 (the poor end) share one (the table has each score).
  const answered = figures.scores.filter((s) => s.answered > 0);
  const chart = answered.length
    ? stackedBarChart({
        id: "feedback-scores",
        title: t("stats.feedback.chart.title"),
        description: t("stats.feedback.chart.description", { count: answered.length }),
        locale,
        series: [t("stats.feedback.chart.poor"), "3", "4", "5"],
        rows: answered.map((s) => ({ label: t(`stats.feedback.questions.${s.question}`), values: [s.counts[0] + s.counts[1], s.counts[2], s.counts[3], s.counts[4]] })),
      })
    : null;
  return json({ figures, chart, filters: f, options });
}

const SCREEN = "/admin/stats/feedback";

/** /admin/stats/feedback: the feedback survey of the submitted reports: the scores' distribution, the share who would recommend, the free-text answers. */
export default function FeedbackStatistics() {
  const { figures, chart, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const mean = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const noData = <span className={hintClass}>{t("stats.key.no-data")}</span>;
  const { recommend, answers } = figures;
  const chose = recommend.yes + recommend.no;
  return (
    <StatsFrame screen={SCREEN} title={t("stats.feedback.title")} f={f} options={options} charts={chart ? <BarChart chart={chart} /> : null}>
      <p role="status">{t("stats.feedback.reports", { count: figures.reports })}</p>

      <StatsTable screen={SCREEN} id="feedback-scores" heading={t("stats.feedback.scores")} downloads={t("stats.feedback.scores-downloads")} f={f} table="scores">
        <table>
          <caption className={u.leftCaption}>{t("stats.feedback.scores-caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.feedback.question")}</th>
              {FEEDBACK_SCORES.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
              <th scope="col">{t("stats.feedback.answered")}</th>
              <th scope="col">{t("stats.feedback.mean")}</th>
            </tr>
          </thead>
          <tbody>
            {figures.scores.map((s) => (
              <tr key={s.question}>
                <th scope="row">{t(`stats.feedback.questions.${s.question}`)}</th>
                {s.counts.map((n, i) => (
                  <td key={i}>{number.format(n)}</td>
                ))}
                <td>{number.format(s.answered)}</td>
                <td>{s.mean === null ? noData : mean.format(s.mean)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StatsTable>

      <StatsTable screen={SCREEN} id="feedback-recommend" heading={t("stats.feedback.recommend")} downloads={t("stats.feedback.recommend-downloads")} f={f} table="recommend">
        <table>
          <caption className={u.leftCaption}>
            {recommend.share === null ? t("stats.feedback.recommend-none") : t("stats.feedback.recommend-share", { share: percent.format(recommend.share), count: chose })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.feedback.choice")}</th>
              <th scope="col">{t("stats.feedback.reports-column")}</th>
              <th scope="col">{t("stats.feedback.share")}</th>
            </tr>
          </thead>
          <tbody>
            {(["yes", "no", "unanswered"] as const).map((c) => {
              const share = recommend.share === null || c === "unanswered" ? null : c === "yes" ? recommend.share : 1 - recommend.share;
              return (
                <tr key={c}>
                  <th scope="row">{t(`stats.feedback.choices.${c}`)}</th>
                  <td>{number.format(recommend[c])}</td>
                  <td>{share === null ? noData : percent.format(share)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </StatsTable>

      <StatsPagedTable
        screen={SCREEN}
        id="feedback-answers"
        heading={t("stats.feedback.answers")}
        downloads={t("stats.feedback.answers-downloads")}
        f={f}
        table="answers"
        meta={answers.meta}
        caption={t("stats.feedback.answers-caption", { count: answers.meta.total })}
        columns={[t("stats.feedback.application"), t("stats.feedback.call"), t("stats.feedback.question"), t("stats.feedback.answer")]}
      >
        {answers.data.map((a) => (
          <tr key={`${a.application_id}-${a.question}`}>
            <th scope="row">
              <Link to={`/admin/application/${a.application_id}`}>{a.acronym || `#${a.application_id}`}</Link>
            </th>
            <td data-stored="">{a.call_title}</td>
            <td>{t(`stats.feedback.questions.${a.question}`)}</td>
            <td data-stored="" className={answerCell}>
              {a.text}
            </td>
          </tr>
        ))}
      </StatsPagedTable>
    </StatsFrame>
  );
}
