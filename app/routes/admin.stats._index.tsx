import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { report } from "~/api/stats/report-contract";
import { requireAccess } from "~/auth/user.server";
import { CaptionedTable } from "~/components/CaptionedTable";
import { hint as hintClass } from "~/components/Form.css";
import { indicatorHint } from "~/components/Stats.css";
import { Link } from "~/components/Link";
import { useCriterionName } from "~/components/reviews/ReviewParts";
import { StatsFrame } from "~/components/StatsFrame";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { BarChart } from "~/components/charts";
import { barChart, chartLanguage } from "~/lib/charts/index.server";

export const handle = titleKey("stats.ranking.title");

/** The rows the overall ranking and each call's ranking show, all the API sends (the download has them all: at 100 000 applications every row made a page of 45 MB, and the API's answer tens of megabytes of JSON). */
const OVERALL_SHOWN = 100;
/** The best scored applications a call's chart draws, so that its bars stay readable (the table has them all). */
const CHART_SHOWN = 15;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [ranking, options, { locale, t }] = await Promise.all([
    client.read(report, { query: { ...f, "aggs[]": ["application_ranking_table", "overall_ranking"], top: OVERALL_SHOWN } }),
    applicationFilterOptions(request, client),
    chartLanguage(request),
  ]);
  const overall = ranking.overall_ranking ?? [];
  const score = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  // Per call, the mean score of its best scored applications (already in rank order; the unscored have no bar).
  const calls = (ranking.application_ranking_table ?? []).map((c) => {
    const scored = c.applications.filter((r) => r.mean_score !== null).slice(0, CHART_SHOWN);
    const chart = scored.length
      ? barChart({
          id: `ranking-call-${c.id}`,
          title: t("stats.ranking.chart.title", { call: c.title }),
          description: t("stats.ranking.chart.description", { count: scored.length }),
          locale,
          format: (n) => score.format(n),
          bars: scored.map((r) => ({ label: r.acronym || `#${r.id}`, value: r.mean_score ?? 0 })),
        })
      : null;
    return { ...c, chart };
  });
  return json({ calls, overall, total: ranking.overall_total ?? overall.length, filters: f, options });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["overall"][number];

/** /admin/stats: the applications ranked by mean evaluation score, per call and across calls. */
export default function ApplicationRanking() {
  const { calls, overall, total, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const criterionName = useCriterionName();
  const score = (v: number | null) => (v === null ? <span className={hintClass}>{t("stats.key.no-data")}</span> : numberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v));
  const name = (r: Row) => (
    <th scope="row">
      <Link to={`/admin/application/${r.id}`}>
        <span data-stored="">{r.acronym || `#${r.id}`}</span>
      </Link>
      {r.title ? (
        <>
          <br />
          <span className={`${hintClass} ${indicatorHint}`} data-stored="">
            {r.title}
          </span>
        </>
      ) : null}
    </th>
  );
  const tail = (r: Row) => (
    <>
      <td>{r.evaluations}</td>
      <td>{t(`stats.ranking.recommendation.${r.recommendation}`)}</td>
      <td>{t(`applications.status.${r.status}`)}</td>
    </>
  );
  const rank = (r: Row) => <td>{r.rank ?? <span className={hintClass}>{t("stats.ranking.unranked")}</span>}</td>;
  const common = [t("stats.ranking.columns.evaluations"), t("stats.ranking.columns.recommendation"), t("stats.ranking.columns.status")];
  return (
    <StatsFrame screen="/admin/stats" title={t("stats.ranking.title")} downloads={t("stats.ranking.downloads")} f={f} options={options} several>
      <p role="status">{t("stats.ranking.summary", { count: total, calls: calls.length })}</p>
      {calls.length ? (
        <>
          <h2>{t("stats.ranking.per-call")}</h2>
          {calls.map((c) => (
            <section key={c.id} aria-labelledby={`call-${c.id}`}>
              <h3 id={`call-${c.id}`} data-stored="">
                {c.title}
              </h3>
              {c.chart ? <BarChart chart={c.chart} /> : null}
              <CaptionedTable
                caption={
                  c.total > c.applications.length
                    ? t("stats.ranking.call-cut", { shown: c.applications.length, count: c.total, call: c.title })
                    : t("stats.ranking.call-caption", { count: c.total, call: c.title })
                }
                columns={[t("stats.ranking.columns.rank"), t("stats.ranking.columns.application"), t("stats.ranking.columns.mean"), ...c.criteria.map(criterionName), ...common]}
              >
                {c.applications.map((r) => (
                  <tr key={r.id}>
                    {rank(r)}
                    {name(r)}
                    <td>{score(r.mean_score)}</td>
                    {r.criteria.map((k) => (
                      <td key={k.id}>{score(k.mean)}</td>
                    ))}
                    {tail(r)}
                  </tr>
                ))}
              </CaptionedTable>
            </section>
          ))}
          <h2>{t("stats.ranking.overall")}</h2>
          <CaptionedTable
            caption={total > overall.length ? t("stats.ranking.overall-cut", { shown: overall.length, count: total }) : t("stats.ranking.overall-caption", { count: total })}
            columns={[t("stats.ranking.columns.rank"), t("stats.ranking.columns.application"), t("stats.ranking.columns.call"), t("stats.ranking.columns.mean"), ...common]}
          >
            {overall.map((r) => (
              <tr key={r.id}>
                <td>{r.overall_rank ?? <span className={hintClass}>{t("stats.ranking.unranked")}</span>}</td>
                {name(r)}
                <td data-stored="">{r.call_title}</td>
                <td>{score(r.mean_score)}</td>
                {tail(r)}
              </tr>
            ))}
          </CaptionedTable>
        </>
      ) : null}
      <p className={hintClass}>{t("stats.ranking.hint")}</p>
    </StatsFrame>
  );
}
