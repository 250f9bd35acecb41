import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { ri as infrastructureFigures } from "~/api/stats/contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { StatsFrame } from "~/components/StatsFrame";
import { BarChart } from "~/components/charts";
import { chartLanguage, stackedBarChart } from "~/lib/charts/index.server";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.ri.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/ri"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [figures, options, { locale, t }] = await Promise.all([client.read(infrastructureFigures, { query: f }), applicationFilterOptions(request, client), chartLanguage(request)]);
  const rows = figures.data;
  // The units delivered, physical against remote, of the infrastructures that delivered any (the table has every one).
  const delivered = rows.filter((r) => r.units_delivered_physical + r.units_delivered_remote > 0);
  const chart = delivered.length
    ? stackedBarChart({
        id: "ri-delivered",
        title: t("stats.ri.chart.title"),
        description: t("stats.ri.chart.description", { count: delivered.length }),
        locale,
        series: [t("stats.ri.columns.units_delivered_physical"), t("stats.ri.columns.units_delivered_remote")],
        rows: delivered.map((r) => ({ label: r.short_name ?? r.name, values: [r.units_delivered_physical, r.units_delivered_remote] })),
      })
    : null;
  return json({ rows, chart, filters: f, options });
}

const COLUMNS = ["applications", "accepted", "rejected", "acceptance_rate", "units_requested", "units_granted", "units_delivered_physical", "units_delivered_remote"] as const;

/** /admin/stats/ri: per infrastructure, the applications asking for it, its decisions and the units asked for, granted and delivered. */
export default function InfrastructureStatistics() {
  const { rows, chart, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cell = (r: (typeof rows)[number], c: (typeof COLUMNS)[number]) => {
    const n = r[c];
    if (n === null) return <span className={hintClass}>{t("stats.key.no-data")}</span>;
    return c === "acceptance_rate" ? numberFormat(lang, { style: "percent", maximumFractionDigits: 1 }).format(n) : numberFormat(lang).format(n);
  };
  return (
    <>
      <StatsFrame screen="/admin/stats/ri" title={t("stats.ri.title")} downloads={t("stats.ri.downloads")} f={f} options={options} charts={chart ? <BarChart chart={chart} /> : null}>
        <table>
          <caption className={u.leftCaption} role="status">
            {t("stats.ri.caption", { count: rows.length })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.ri.infrastructure")}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`stats.ri.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.short_name ? `${r.name} (${r.short_name})` : r.name}</th>
                {COLUMNS.map((c) => (
                  <td key={c}>{cell(r, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </StatsFrame>
      <p className={hintClass}>{t("stats.ri.hint")}</p>
    </>
  );
}
