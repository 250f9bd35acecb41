import type { ReactNode } from "react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { publications } from "~/api/stats/publications-contract";
import { requireAccess } from "~/auth/user.server";
import { publicSettings } from "~/cache/content.server";
import { hint as hintClass } from "~/components/Form.css";
import { Link } from "~/components/Link";
import { StatsFrame, StatsTable } from "~/components/StatsFrame";
import { StatsPagedTable } from "~/components/StatsPagedTable";
import { StatsNav } from "~/components/StatsNav";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { statsPage } from "~/forms/stats-page.server";
import { canAccess } from "~/domain/users/roles";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { settingPath } from "~/domain/settings/settings-sections";
import { BarChart } from "~/components/charts";
import { barChart, chartLanguage } from "~/lib/charts/index.server";

export const handle = titleKey("stats.publications.title");

const SCREEN = "/admin/stats/publications";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, ROUTE_RULES[SCREEN]);
  const settings = await publicSettings();
  // Not collected: the screen says why instead of a table (the API would still answer, docs/ui.md#statistics).
  if (settings.data.find((s) => s.key === "publications")?.value !== "yes") {
    // The section holding the setting, named on the server: the settings' rules stay out of this screen's JavaScript.
    return json({ collected: false as const, setAt: canAccess(user, ROUTE_RULES["/admin/settings"]) ? settingPath("publications") : null });
  }
  const params = new URL(request.url).searchParams;
  const f = statsUrlFilters(params);
  const client = api(request);
  const [list, options, { locale, t }] = await Promise.all([
    client.read(publications, { query: { ...f, page: statsPage(params) } }),
    applicationFilterOptions(request, client),
    chartLanguage(request),
  ]);
  // The two counts' tables as bars, in the tables' order (the newest year first; the most frequent type first).
  const type = (v: string | null) => (v ? t(`reporting.publications.type.${v}`) : t("stats.publications.no-type"));
  const charts = list.meta.total
    ? [
        barChart({
          id: "publications-by-year",
          title: t("stats.publications.chart.year-title"),
          description: t("stats.publications.chart.year-description", { count: list.by_year.length }),
          locale,
          bars: list.by_year.map((r) => ({ label: r.year === null ? t("stats.publications.no-year") : String(r.year), value: r.publications })),
        }),
        barChart({
          id: "publications-by-type",
          title: t("stats.publications.chart.type-title"),
          description: t("stats.publications.chart.type-description", { count: list.by_type.length }),
          locale,
          bars: list.by_type.map((r) => ({ label: type(r.publication_type), value: r.publications })),
        }),
      ]
    : [];
  return json({ collected: true as const, list, charts, filters: f, options });
}

/** /admin/stats/publications: the publications the applicants list with their report, by year and by type, with DOI links. */
export default function PublicationStatistics() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!data.collected) {
    return (
      <>
        <h1>{t("stats.publications.title")}</h1>
        <StatsNav />
        <p role="status">
          {t("stats.publications.off")}{" "}
          {data.setAt ? <Link to={data.setAt}>{t("stats.publications.off-settings")}</Link> : t("stats.publications.off-ask")}
        </p>
      </>
    );
  }
  return <Collected list={data.list} charts={data.charts} f={data.filters} options={data.options} />;
}

type Collected = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { collected: true }>;

function Collected({ list, charts, f, options }: { list: Collected["list"]; charts: Collected["charts"]; f: Collected["filters"]; options: Collected["options"] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const type = (v: string | null) => (v ? t(`reporting.publications.type.${v}`) : <span className={hintClass}>{t("stats.publications.no-type")}</span>);
  const year = (v: number | null) => (v === null ? <span className={hintClass}>{t("stats.publications.no-year")}</span> : String(v));
  const counts = (rows: { key: string; label: ReactNode; publications: number }[], heading: string) => (
    <table>
      <caption className={u.leftCaption}>{t("stats.publications.count-caption", { count: list.meta.total })}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">{t("stats.publications.publications")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>{number.format(r.publications)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <StatsFrame
      screen={SCREEN}
      title={t("stats.publications.title")}
      f={f}
      options={options}
      charts={charts.map((c) => (
        <BarChart key={c.id} chart={c} />
      ))}
    >
      <p role="status">{t("stats.publications.total", { count: list.meta.total })}</p>
      <StatsTable screen={SCREEN} id="publications-year" heading={t("stats.publications.by-year")} downloads={t("stats.publications.year-downloads")} f={f} table="year">
        {counts(list.by_year.map((r) => ({ key: String(r.year), label: year(r.year), publications: r.publications })), t("stats.publications.year"))}
      </StatsTable>
      <StatsTable screen={SCREEN} id="publications-type" heading={t("stats.publications.by-type")} downloads={t("stats.publications.type-downloads")} f={f} table="type">
        {counts(list.by_type.map((r) => ({ key: String(r.publication_type), label: type(r.publication_type), publications: r.publications })), t("stats.publications.type"))}
      </StatsTable>
      <StatsPagedTable
        screen={SCREEN}
        id="publications-list"
        heading={t("stats.publications.list")}
        downloads={t("stats.publications.list-downloads")}
        f={f}
        table="list"
        meta={list.meta}
        caption={t("stats.publications.list-caption", { count: list.meta.total })}
        columns={(["year", "type", "title-column", "authors", "doi", "application"] as const).map((c) => t(`stats.publications.${c}`))}
      >
        {list.data.map((p) => (
          <tr key={p.id}>
            <td>{year(p.year)}</td>
            <td>{type(p.publication_type)}</td>
            <th scope="row" data-stored="">
              {p.web_address ? <a href={p.web_address}>{p.title}</a> : p.title}
            </th>
            <td data-stored="">{p.authors}</td>
            <td>{p.doi ? <a href={`https://doi.org/${p.doi}`}>{p.doi}</a> : null}</td>
            <td>
              <Link to={`/admin/application/${p.application_id}`}>{p.acronym || `#${p.application_id}`}</Link>
              <br />
              <span className={hintClass} data-stored="">
                {p.call_title}
              </span>
            </td>
          </tr>
        ))}
      </StatsPagedTable>
    </StatsFrame>
  );
}
