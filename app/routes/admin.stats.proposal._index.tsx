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

export const handle = titleKey("stats.proposal.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/proposal"]);
  const f = evolutionUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [rows, options] = await Promise.all([client.read(evolutions, { query: f }), applicationFilterOptions(client)]);
  return json({ rows: rows.data, filters: f, options });
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
  const { rows, filters: f, options } = useLoaderData<typeof loader>();
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
      <StatsFrame screen="/admin/stats/proposal" title={t("stats.proposal.title")} downloads={t("stats.proposal.downloads")} f={f} options={options} fields={fields}>
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
