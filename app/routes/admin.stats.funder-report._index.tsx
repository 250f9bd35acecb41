import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { funderReport } from "~/api/stats/funder-report-contract";
import { requireAccess } from "~/auth/user.server";
import { useLookupText } from "~/components/application/Facts";
import { hint as hintClass } from "~/components/Form.css";
import { ScrollBox } from "~/components/ScrollBox";
import { StatsFrame } from "~/components/StatsFrame";
import { ROUTE_RULES } from "~/domain/navigation";
import type { LookupList } from "~/domain/lookups/lists";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { countryNames } from "~/lib/country-names.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.funder-report.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/funder-report"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [report, options, names] = await Promise.all([client.read(funderReport, { query: f }), applicationFilterOptions(request, client), countryNames(request)]);
  // Only the names the tables show: the page carries them.
  const codes = [...report.infrastructures.map((i) => i.country), ...report.users_by.nationality.map((b) => b.value), ...report.users_by.work_country.map((b) => b.value)];
  const countries = Object.fromEntries(codes.flatMap((c) => (c && c in names ? [[c, names[c]]] : [])));
  return json({ report, filters: f, options, countries });
}

const MAIN = ["projects", "transnational_projects", "users", "transnational_users", "other_users", "new_users", "units_physical", "units_remote"] as const;
type Breakdown = "gender" | "nationality" | "work_country" | "researcher_status" | "organization_type" | "disciplines";
const BREAKDOWNS: { key: Breakdown; list: LookupList | "countries" }[] = [
  { key: "gender", list: "genders" },
  { key: "nationality", list: "countries" },
  { key: "work_country", list: "countries" },
  { key: "researcher_status", list: "researcher-status" },
  { key: "organization_type", list: "organization-type" },
  { key: "disciplines", list: "activity-fields" },
];

/**
 * /admin/stats/funder-report: per infrastructure and delivery period, the
 * tables a transnational-access programme reports to its funder
 * (docs/decisions/038-funder-report.md), the transnational users apart.
 */
export default function FunderReport() {
  const { report, filters: f, options, countries } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lookup = useLookupText();
  const number = numberFormat(i18n.language);
  const names = new Map(report.infrastructures.map((i) => [i.id, i.short_name ? `${i.name} (${i.short_name})` : i.name]));
  const country = (code: string | null) => (code ? (countries[code] ?? code) : null);
  const notGiven = <span className={hintClass}>{t("users.not-given")}</span>;
  const valueText = (list: LookupList | "countries", value: string | null) => (value === null ? notGiven : list === "countries" ? country(value) : lookup(list, value));
  return (
    <>
      <StatsFrame
        screen="/admin/stats/funder-report"
        title={t("stats.funder-report.title")}
        downloads={t("stats.funder-report.downloads")}
        f={f}
        options={options}
        dateLabels={{ from: t("stats.funder-report.date-from"), to: t("stats.funder-report.date-to") }}
      >
        <table>
          <caption className={u.leftCaption} role="status">
            {t("stats.funder-report.caption", { count: report.infrastructures.length })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.funder-report.infrastructure")}</th>
              <th scope="col">{t("stats.funder-report.installation")}</th>
              <th scope="col">{t("stats.funder-report.country")}</th>
              {MAIN.map((c) => (
                <th key={c} scope="col">
                  {t(`stats.funder-report.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.infrastructures.map((r) => (
              <tr key={r.id}>
                <th scope="row">{names.get(r.id)}</th>
                <td>{r.installation_name ?? notGiven}</td>
                <td>{country(r.country) ?? notGiven}</td>
                {MAIN.map((c) => (
                  <td key={c}>{number.format(r[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </StatsFrame>
      <p className={hintClass}>{t("stats.funder-report.hint")}</p>
      {BREAKDOWNS.map(({ key, list }) => {
        const rows = key === "disciplines" ? report.disciplines : report.users_by[key];
        const title = t(`stats.funder-report.tables.${key}`);
        return (
          <section key={key}>
            <h2 id={`funder-${key}`}>{title}</h2>
            <ScrollBox label={title}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t("stats.funder-report.infrastructure")}</th>
                    <th scope="col">{t(`stats.funder-report.values.${key}`)}</th>
                    <th scope="col">{t(key === "disciplines" ? "stats.funder-report.columns.projects" : "stats.funder-report.columns.users")}</th>
                    <th scope="col">{t(key === "disciplines" ? "stats.funder-report.columns.transnational_projects" : "stats.funder-report.columns.transnational_users")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length ? (
                    rows.map((b) => (
                      <tr key={`${b.infrastructure_id}-${b.value}`}>
                        <th scope="row">{names.get(b.infrastructure_id)}</th>
                        <td>{valueText(list, b.value)}</td>
                        <td>{number.format(b.count)}</td>
                        <td>{number.format(b.transnational)}</td>
                      </tr>
                    ))
                  ) : (
                    <tr>
                      <td colSpan={4}>{t("stats.funder-report.none")}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </ScrollBox>
          </section>
        );
      })}
    </>
  );
}
