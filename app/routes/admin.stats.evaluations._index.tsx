import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { evaluations } from "~/api/stats/evaluations-contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { Link } from "~/components/Link";
import { useCriterionName } from "~/components/reviews/ReviewParts";
import { ScrollBox } from "~/components/ScrollBox";
import { StatsDownloads, StatsFrame } from "~/components/StatsFrame";
import { StatsTable } from "~/components/StatsTable";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { BarChart } from "~/components/charts";
import { barChart, chartLanguage, columnTotals, largest, rest, stackedBarChart, weightedMean } from "~/lib/charts/index.server";

export const handle = titleKey("stats.evaluations.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/evaluations"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [stats, options, { locale, t }] = await Promise.all([client.read(evaluations, { query: { ...f, top: AGREEMENT_SHOWN } }), applicationFilterOptions(request, client), chartLanguage(request)]);
  // The scores given, all criteria together: the scores table's last row, and a bar per score.
  const counts = columnTotals(stats.criteria.map((c) => c.counts));
  const allCriteria = { counts, mean: weightedMean(stats.scores, counts) };
  const score = numberFormat(locale, { maximumFractionDigits: 2 });
  const scoresChart =
    allCriteria.mean === null
      ? null
      : barChart({
          id: "evaluation-scores",
          title: t("stats.evaluations.chart.scores-title"),
          description: t("stats.evaluations.chart.scores-description", { count: stats.scores.length }),
          locale,
          bars: stats.scores.map((v, i) => ({ label: t("stats.evaluations.chart.score", { score: score.format(v) }), value: counts[i] })),
        });
  // The evaluators with the most assignments, each split by where its assignments stand (the table has every evaluator).
  const busiest = largest(stats.workload, EVALUATORS_SHOWN, (r) => r.assigned);
  const workloadChart = busiest.length
    ? stackedBarChart({
        id: "evaluation-workload",
        title: t("stats.evaluations.chart.workload-title"),
        description: t("stats.evaluations.chart.workload-description", { count: busiest.length }),
        locale,
        series: (["submitted", "accepted", "conflicts", "assigned"] as const).map((k) => t(`stats.evaluations.chart.workload-series.${k}`)),
        rows: busiest.map((r) => ({ label: r.name, values: [r.submitted, rest(r.accepted, r.submitted), r.conflicts, rest(r.assigned, r.accepted, r.conflicts)] })),
      })
    : null;
  // The widest spreads come first: the screen shows those, the download every row (a programme's thousands would make a page of megabytes).
  return json({ stats, agreementTotal: stats.agreement_total, allCriteria, scoresChart, workloadChart, filters: f, options });
}

/** The evaluators the workload chart draws. */
const EVALUATORS_SHOWN = 10;

/** The agreement table's rows the screen shows, all the API sends (`top`; the download has them all). */
const AGREEMENT_SHOWN = 100;

const WORKLOAD = ["assigned", "accepted", "conflicts", "submitted", "late"] as const;
const AGREEMENT = ["evaluations", "min", "max", "spread", "sd"] as const;

/** /admin/stats/evaluations: each evaluator's workload, the scores given per criterion, and how far the evaluators of one application agree. */
export default function EvaluationStatistics() {
  const { stats: s, agreementTotal, allCriteria, scoresChart, workloadChart, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const criterionName = useCriterionName();
  const n = numberFormat(i18n.language);
  const score = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const noData = <span className={hintClass}>{t("stats.key.no-data")}</span>;
  const screen = "/admin/stats/evaluations";
  return (
    <>
      <StatsFrame
        screen={screen}
        title={t("stats.evaluations.title")}
        downloads={t("stats.evaluations.workload.downloads")}
        f={f}
        options={options}
        charts={workloadChart ? <BarChart chart={workloadChart} /> : null}
      >
        <StatsTable
          caption={t("stats.evaluations.workload.caption", { count: s.workload.length })}
          live
          corner={t("stats.evaluations.workload.evaluator")}
          columns={WORKLOAD.map((c) => ({ key: c, label: t(`stats.evaluations.workload.columns.${c}`) }))}
          rows={s.workload}
          rowKey={(r) => r.id}
          rowHeader={(r) => (
            <>
              {r.name}
              {r.name !== r.email ? (
                <>
                  <br />
                  <span className={hintClass}>{r.email}</span>
                </>
              ) : null}
            </>
          )}
          cell={(r, c) => n.format(r[c])}
        />
      </StatsFrame>
      <p className={hintClass}>{t("stats.evaluations.workload.hint")}</p>

      <h2>{t("stats.evaluations.scores.title")}</h2>
      {scoresChart ? <BarChart chart={scoresChart} /> : null}
      <StatsDownloads screen={screen} label={t("stats.evaluations.scores.downloads")} f={f} table="scores" />
      <ScrollBox label={t("stats.evaluations.scores.title")}>
        <StatsTable
          caption={t("stats.evaluations.scores.caption", { count: s.criteria.length })}
          corner={t("stats.evaluations.scores.criterion")}
          columns={[
            ...s.scores.map((v) => ({ key: String(v), label: score.format(v) })),
            { key: "evaluations", label: t("stats.evaluations.scores.evaluations") },
            { key: "mean", label: t("stats.evaluations.scores.mean") },
          ]}
          rows={s.criteria.length ? [...s.criteria, { id: 0, key: null, name: "", evaluations: null, ...allCriteria }] : []}
          rowKey={(c) => c.id}
          rowHeader={(c) => (c.id === 0 ? t("stats.evaluations.scores.all-criteria") : criterionName(c))}
          cell={(c, key, at) => {
            // All criteria together count scores, not evaluations: that cell stays empty.
            if (key === "evaluations") return c.evaluations === null ? null : n.format(c.evaluations);
            if (key === "mean") return c.mean === null ? noData : score.format(c.mean);
            return n.format(c.counts[at]);
          }}
        />
      </ScrollBox>
      <p className={hintClass}>{t("stats.evaluations.scores.hint")}</p>

      <h2>{t("stats.evaluations.agreement.title")}</h2>
      <dl className={u.facts}>
        <dt>{t("stats.evaluations.agreement.summary.applications")}</dt>
        <dd className={u.fact}>{n.format(s.summary.applications)}</dd>
        <dt>{t("stats.evaluations.agreement.summary.mean-spread")}</dt>
        <dd className={u.fact}>{s.summary.mean_spread === null ? noData : score.format(s.summary.mean_spread)}</dd>
        <dt>{t("stats.evaluations.agreement.summary.share-over-one")}</dt>
        <dd className={u.fact}>{s.summary.share_over_one === null ? noData : numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(s.summary.share_over_one)}</dd>
      </dl>
      <StatsDownloads screen={screen} label={t("stats.evaluations.agreement.downloads")} f={f} table="agreement" />
      <ScrollBox label={t("stats.evaluations.agreement.title")}>
        <StatsTable
          caption={
            agreementTotal > s.agreement.length
              ? t("stats.evaluations.agreement.cut", { shown: s.agreement.length, count: agreementTotal })
              : t("stats.evaluations.agreement.caption", { count: agreementTotal })
          }
          corner={t("stats.evaluations.agreement.application")}
          columns={[
            { key: "call", label: t("stats.evaluations.agreement.call") },
            ...AGREEMENT.map((c) => ({ key: c, label: t(`stats.evaluations.agreement.columns.${c}`) })),
          ]}
          rows={s.agreement}
          rowKey={(r) => r.id}
          rowHeader={(r) => <Link to={`/admin/application/${r.id}`}>{`#${r.id}${r.acronym ? ` ${r.acronym}` : ""}`}</Link>}
          cell={(r, c) => (c === "call" ? r.call : c === "evaluations" ? n.format(r[c]) : score.format(r[c]))}
        />
      </ScrollBox>
      <p className={hintClass}>{t("stats.evaluations.agreement.hint")}</p>
    </>
  );
}
