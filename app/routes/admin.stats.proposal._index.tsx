import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { evolutions } from "~/api/stats/evolutions-contract";
import { requireAccess } from "~/auth/user.server";
import { field, hint as hintClass, label as labelClass } from "~/components/Form.css";
import { StatsFrame } from "~/components/StatsFrame";
import { StatsTable } from "~/components/StatsTable";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { DEFAULT_EVOLUTION_ACCESSES, EVOLUTION_BY, EVOLUTION_FIGURES, evolutionUrlFilters } from "~/domain/stats/evolutions";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { BarChart } from "~/components/charts";
import { barChart, chartLanguage, stackedBarChart } from "~/lib/charts/index.server";

export const handle = titleKey("stats.proposal.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/proposal"]);
  const f = evolutionUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [{ data: rows }, options, { locale, t }] = await Promise.all([client.read(evolutions, { query: f }), applicationFilterOptions(request, client), chartLanguage(request)]);
  return json({ rows, chart: evolutionChart(rows, f.by ?? "call", locale, t), filters: f, options });
}

/**
 * How far each call's or year's applications went, one bar per row: the
 * stages split the submitted applications when each stage's are among the
 * stage before's (the usual way); an editor's change of status can skip a
 * stage, and then the bars give the submitted applications only.
 */
function evolutionChart(rows: { key: number; title: string | null; submitted: number; eligible: number; granted: number; reported: number }[], by: string, locale: string, t: Awaited<ReturnType<typeof chartLanguage>>["t"]) {
  const shown = rows.filter((r) => r.submitted > 0);
  if (!shown.length) return null;
  const label = (r: (typeof rows)[number]) => (by === "call" ? (r.title ?? `#${r.key}`) : String(r.key));
  const common = { id: "proposal-stages", locale, title: t(`stats.proposal.chart.title-${by}`) };
  if (shown.every((r) => r.submitted >= r.eligible && r.eligible >= r.granted && r.granted >= r.reported)) {
    return stackedBarChart({
      ...common,
      description: t("stats.proposal.chart.description", { count: shown.length }),
      series: ["reported", "granted", "eligible", "submitted"].map((s) => t(`stats.proposal.chart.${s}`)),
      rows: shown.map((r) => ({ label: label(r), values: [r.reported, r.granted - r.reported, r.eligible - r.granted, r.submitted - r.eligible] })),
    });
  }
  return barChart({ ...common, description: t("stats.proposal.chart.description-submitted", { count: shown.length }), bars: shown.map((r) => ({ label: label(r), value: r.submitted })) });
}

/** A choice among a few values, one of them the default (no "All"). */
function Choice({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /admin/stats/proposal: per call or per year, how far the applications went and the accesses of accesses_status. */
export default function Evolutions() {
  const { rows, chart, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const by = f.by ?? "call";
  const accesses = f.accesses_status ?? DEFAULT_EVOLUTION_ACCESSES;
  const n = numberFormat(i18n.language);
  const fields = (
    <>
      <Choice id="stats-by" name="by" label={t("stats.proposal.by")} value={by} options={EVOLUTION_BY.map((b) => ({ value: b, label: t(`stats.proposal.by-${b}`) }))} />
      <Choice
        id="stats-accesses-status"
        name="accesses_status"
        label={t("stats.proposal.accesses-status")}
        value={accesses}
        options={ACCESS_STATUSES.map((s) => ({ value: s, label: t(`stats.proposal.accesses.${s}`) }))}
      />
    </>
  );
  return (
    <>
      <StatsFrame screen="/admin/stats/proposal" title={t("stats.proposal.title")} downloads={t("stats.proposal.downloads")} f={f} options={options} fields={fields} charts={chart ? <BarChart chart={chart} /> : null}>
        <StatsTable
          caption={t(`stats.proposal.caption-${by}`, { count: rows.length })}
          live
          corner={t(`stats.proposal.${by}`)}
          columns={EVOLUTION_FIGURES.map((c) => ({
            key: c,
            label: c === "accesses" || c === "units" ? t(`stats.proposal.columns.${c}-${accesses}`) : t(`stats.proposal.columns.${c}`),
          }))}
          rows={rows}
          rowKey={(r) => r.key}
          rowHeader={(r) => (by === "call" ? r.title : r.key)}
          cell={(r, c) => n.format(r[c])}
        />
      </StatsFrame>
      <p className={hintClass}>{t("stats.proposal.hint")}</p>
    </>
  );
}
