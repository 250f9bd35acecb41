import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { projectFinancial } from "~/api/stats/project-financial.contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { groupCaption, tableStack } from "~/components/Stats.css";
import { StatsFrame } from "~/components/StatsFrame";
import { formatEuro } from "~/domain/applications/money";
import { lookupLabel } from "~/domain/lookups/label";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { BarChart } from "~/components/charts";
import { chartLanguage, euroFormat, largest, rest, stackedBarChart } from "~/lib/charts/index.server";

export const handle = titleKey("stats.financial.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/project-financial"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [figures, options, { locale, t }] = await Promise.all([client.read(projectFinancial, { query: f }), applicationFilterOptions(request, client), chartLanguage(request)]);
  // Per infrastructure and per call, the costs requested split into the part granted and the rest (the
  // bar is the amount requested); those asked the most, the most first (the tables have every one).
  const chart = (by: "infrastructure" | "call", rows: typeof figures.by_call, name: (r: (typeof rows)[number]) => string) => {
    const shown = largest(rows, COST_ROWS_SHOWN, (r) => r.requested);
    return shown.length
      ? stackedBarChart({
          id: `costs-${by}`,
          title: t(`stats.financial.chart.${by}-title`),
          description: t(`stats.financial.chart.${by}-description`, { count: shown.length }),
          locale,
          format: euroFormat(locale),
          series: [t("stats.financial.chart.granted"), t("stats.financial.chart.not-granted")],
          rows: shown.map((r) => ({ label: name(r), values: [r.granted, rest(r.requested, r.granted)] })),
        })
      : null;
  };
  const charts = [chart("infrastructure", figures.by_infrastructure, (r) => r.short_name ?? r.name ?? r.key), chart("call", figures.by_call, (r) => r.name ?? r.key)].flatMap((c) => (c ? [c] : []));
  return json({ figures, charts, filters: f, options });
}

/** The infrastructures and calls a chart draws (the tables have them all). */
const COST_ROWS_SHOWN = 10;

type Figures = ReturnType<typeof useLoaderData<typeof loader>>["figures"];
type Row = Figures["by_label"][number];
type Column = keyof Figures["total"];

const COLUMNS = [
  "applications", "members", "requested", "requested_per_application", "requested_per_member",
  "granted_applications", "granted_members", "granted", "granted_per_application", "granted_per_member", "budget_granted",
] as const satisfies readonly Column[];
const COUNTS: readonly Column[] = ["applications", "members", "granted_applications", "granted_members"];

/** One grouping's table: a row per cost label, infrastructure or call (or the one row of the total). */
function CostTable({ caption, rows, status }: { caption: string; rows: { key: string; name: string; figures: Figures["total"] }[]; status?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cell = (n: number | null, c: Column) => {
    if (n === null) return <span className={hintClass}>{t("stats.key.no-data")}</span>;
    return COUNTS.includes(c) ? numberFormat(lang).format(n) : formatEuro(Math.round(n * 100), lang);
  };
  return (
    <table>
      <caption className={groupCaption} role={status ? "status" : undefined}>
        {caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t("stats.financial.name")}</th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {t(`stats.financial.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              {COLUMNS.map((c) => (
                <td key={c}>{cell(r.figures[c], c)}</td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={COLUMNS.length + 1}>{t("stats.financial.none")}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** /admin/stats/project-financial: the travel and logistic costs requested and granted, in all, per cost label, per infrastructure and per call. */
export default function CostStatistics() {
  const { figures, charts, filters: f, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const label = (r: Row) => (r.key === "" ? t("stats.financial.not-given") : lookupLabel(t, "cost-labels", { value: r.key, label: r.name ?? r.key }));
  const infrastructure = (r: Row) => (r.short_name ? `${r.name} (${r.short_name})` : (r.name ?? r.key));
  const rowsOf = (list: Row[], name: (r: Row) => string) => list.map((r) => ({ key: r.key, name: name(r), figures: r }));
  return (
    <>
      <StatsFrame
        screen="/admin/stats/project-financial"
        title={t("stats.financial.title")}
        downloads={t("stats.financial.downloads")}
        f={f}
        options={options}
        charts={charts.map((c) => (
          <BarChart key={c.id} chart={c} />
        ))}
      >
        <div className={tableStack}>
          <CostTable status caption={t("stats.financial.caption", { count: figures.total.applications })} rows={[{ key: "total", name: t("stats.financial.all"), figures: figures.total }]} />
          <CostTable caption={t("stats.financial.by-label")} rows={rowsOf(figures.by_label, label)} />
          <CostTable caption={t("stats.financial.by-infrastructure")} rows={rowsOf(figures.by_infrastructure, infrastructure)} />
          <CostTable caption={t("stats.financial.by-call")} rows={rowsOf(figures.by_call, (r) => r.name ?? r.key)} />
        </div>
      </StatsFrame>
      <p className={hintClass}>{t("stats.financial.hint")}</p>
    </>
  );
}
