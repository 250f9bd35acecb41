import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { timeline } from "~/api/stats/timeline-contract";
import { requireAccess } from "~/auth/user.server";
import { FilterField } from "~/components/AdminList";
import { hint as hintClass } from "~/components/Form.css";
import { TimelineChart } from "~/components/charts";
import { Link } from "~/components/Link";
import { StatsFrame } from "~/components/StatsFrame";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { chartLanguage, timelineChart } from "~/lib/charts/index.server";
import { statsUrlFilters } from "~/domain/stats/filter";
import { accessesStatusOf } from "~/domain/stats/timeline-filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.timeline.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/timeline"]);
  const params = new URL(request.url).searchParams;
  const f = { ...statsUrlFilters(params), accesses_status: accessesStatusOf(params) };
  const client = api(request);
  const [{ data, total }, options, { locale, t }] = await Promise.all([client.read(timeline, { query: f }), applicationFilterOptions(request, client), chartLanguage(request)]);
  const status = f.accesses_status ?? "proposed";
  // The rows come by infrastructure: each run of one infrastructure is a group of the chart.
  const groups: { label: string; rows: { label: string; from: string; to: string; series: number }[] }[] = [];
  for (const a of data) {
    if (groups.at(-1)?.label !== a.infrastructure) groups.push({ label: a.infrastructure, rows: [] });
    groups.at(-1)!.rows.push({
      label: [a.acronym ?? `#${a.application_id}`, a.member].filter(Boolean).join(" · "),
      from: a.date_from,
      to: a.date_to,
      series: a.type === "remote" ? 1 : 0,
    });
  }
  const chart = data.length
    ? timelineChart({
        id: "access-calendar",
        title: t("stats.timeline.chart.title", { status: t(`admin-applications.accesses-status.${status}`) }),
        description: t("stats.timeline.chart.description", { count: data.length, infrastructures: t("stats.timeline.chart.infrastructures", { count: groups.length }) }),
        locale,
        series: [t("stats.timeline.types.physical"), t("stats.timeline.types.remote")],
        groups,
      })
    : null;
  return json({ rows: data, total, chart, filters: f, options });
}

/** /admin/stats/timeline: the access calendar, the granted accesses per infrastructure with their dates. */
export default function AccessCalendar() {
  const { rows, total, chart, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const accessesStatus = (
    <FilterField id="stats-accesses-status" label={t("stats.timeline.accesses-status")}>
      <select id="stats-accesses-status" name="accesses_status" defaultValue={f.accesses_status ?? "proposed"}>
        {ACCESS_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`admin-applications.accesses-status.${s}`)}
          </option>
        ))}
      </select>
    </FilterField>
  );
  return (
    <>
      <StatsFrame
        screen="/admin/stats/timeline"
        title={t("stats.timeline.title")}
        downloads={t("stats.timeline.downloads")}
        f={f}
        options={options}
        fields={accessesStatus}
        charts={chart ? <TimelineChart chart={chart} omitted={t("stats.timeline.chart.omitted", { count: chart.omitted })} /> : null}
      >
        <table>
          <caption className={u.leftCaption} role="status">
            {rows.length < total ? t("stats.timeline.caption-first", { count: total, shown: rows.length }) : t("stats.timeline.caption", { count: total })}
          </caption>
          <thead>
            <tr>
              {(["application", "infrastructure", "member", "type", "from", "to", "units", "status"] as const).map((c) => (
                <th key={c} scope="col">
                  {t(`stats.timeline.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to={`/admin/application/${r.application_id}`}>{r.acronym ?? `#${r.application_id}`}</Link>
                </th>
                <td>{r.infrastructure}</td>
                <td>{r.member ?? "—"}</td>
                <td>{t(`stats.timeline.types.${r.type}`)}</td>
                <td>{formatDay(r.date_from, lang)}</td>
                <td>{formatDay(r.date_to, lang)}</td>
                <td>{numberFormat(lang).format(r.units)}</td>
                <td>{t(`admin-applications.accesses-status.${r.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StatsFrame>
      <p className={hintClass}>{t("stats.timeline.hint")}</p>
    </>
  );
}
