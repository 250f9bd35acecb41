import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { project } from "~/api/stats/project-contract";
import { requireAccess } from "~/auth/user.server";
import { CaptionedTable } from "~/components/CaptionedTable";
import { hint as hintClass } from "~/components/Form.css";
import { StatsFrame } from "~/components/StatsFrame";
import { lookupLabel } from "~/domain/lookups/label";
import type { LookupList } from "~/domain/lookups/lists";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { BarChart, LineChart } from "~/components/charts";
import { barChart, chartLanguage, lineChart } from "~/lib/charts/index.server";

export const handle = titleKey("stats.project.title");

/** The keywords the screen shows, the most frequent first (free text: there may be thousands; the download has them all). */
const KEYWORDS_SHOWN = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/project"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [figures, options, { locale, t }] = await Promise.all([client.read(project, { query: f }), applicationFilterOptions(request, client), chartLanguage(request)]);
  const charts = {
    status: figures.statuses.length
      ? barChart({
          id: "project-status",
          title: t("stats.project.chart.status-title"),
          description: t("stats.project.chart.status-description", { count: figures.statuses.length }),
          locale,
          bars: figures.statuses.map((r) => ({ label: t(`applications.status.${r.status}`), value: r.applications })),
        })
      : null,
    month: figures.months.length
      ? lineChart({
          id: "project-month",
          title: t("stats.project.chart.month-title"),
          description: t("stats.project.chart.month-description", { count: figures.months.length }),
          locale,
          series: [t("stats.project.applications")],
          points: figures.months.map((r) => ({ date: r.month, values: [r.applications] })),
        })
      : null,
  };
  return json({ figures: { ...figures, keywords: figures.keywords.slice(0, KEYWORDS_SHOWN) }, keywordCount: figures.keywords.length, charts, filters: f, options });
}

/** /admin/stats/project: the applications by status, call, discipline, keyword and working region, and submissions per month. */
export default function ProjectStatistics() {
  const { figures: p, keywordCount, charts, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (v: number) => numberFormat(lang).format(v);
  const month = (m: string) =>
    new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1));
  const table = (id: string, caption: string, column: string, rows: { key: string; name: ReactNode; applications: number }[], chart?: ReactNode) => (
    <section aria-labelledby={`project-${id}`}>
      <h2 id={`project-${id}`}>{t(`stats.project.tables.${id}`)}</h2>
      {chart}
      {rows.length ? (
        <CaptionedTable caption={caption} columns={[column, t("stats.project.applications")]}>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              <td>{n(r.applications)}</td>
            </tr>
          ))}
        </CaptionedTable>
      ) : (
        <p>{t("stats.project.none")}</p>
      )}
    </section>
  );
  const lookupRows = (list: LookupList, rows: typeof p.disciplines) =>
    rows.map((r) => ({
      key: r.value ?? "",
      name: r.value === null ? <span className={hintClass}>{t("stats.project.not-given")}</span> : <span data-stored="">{lookupLabel(t, list, { value: r.value, label: r.label ?? r.value })}</span>,
      applications: r.applications,
    }));
  const total = p.statuses.reduce((sum, r) => sum + r.applications, 0);
  return (
    <StatsFrame screen="/admin/stats/project" title={t("stats.project.title")} downloads={t("stats.project.downloads")} f={f} options={options} several>
      <p role="status">{t("stats.project.summary", { count: total })}</p>
      {table("status", t("stats.project.captions.status"), t("stats.project.columns.status"), p.statuses.map((r) => ({ key: r.status, name: t(`applications.status.${r.status}`), applications: r.applications })), charts.status ? <BarChart chart={charts.status} /> : null)}
      {table("call", t("stats.project.captions.call"), t("stats.project.columns.call"), p.calls.map((r) => ({ key: String(r.id), name: <span data-stored="">{r.title}</span>, applications: r.applications })))}
      {table("discipline", t("stats.project.captions.discipline"), t("stats.project.columns.discipline"), lookupRows("activity-fields", p.disciplines))}
      {table(
        "keyword",
        keywordCount > p.keywords.length ? t("stats.project.captions.keyword-cut", { shown: p.keywords.length, count: keywordCount }) : t("stats.project.captions.keyword"),
        t("stats.project.columns.keyword"),
        lookupRows("activity-keywords", p.keywords),
      )}
      {table("working_region", t("stats.project.captions.working_region"), t("stats.project.columns.working_region"), lookupRows("working-region", p.working_regions))}
      {table("month", t("stats.project.captions.month"), t("stats.project.columns.month"), p.months.map((r) => ({ key: r.month, name: month(r.month), applications: r.applications })), charts.month ? <LineChart chart={charts.month} /> : null)}
      <p className={hintClass}>{t("stats.project.hint")}</p>
    </StatsFrame>
  );
}
