import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { users } from "~/api/stats/users.contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { groupCaption, tableStack } from "~/components/Stats.css";
import { StatsFrame } from "~/components/StatsFrame";
import { lookupLabel } from "~/domain/lookups/label";
import type { LookupList } from "~/domain/lookups/lists";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { COUNTRY_DIMENSIONS, USER_DIMENSIONS, type UserDimension } from "~/domain/stats/users";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { countryNames } from "~/lib/country-names.server";
import { titleKey } from "~/lib/document-title";
import { BarChart } from "~/components/charts";
import { barChart, chartLanguage } from "~/lib/charts/index.server";

export const handle = titleKey("stats.users.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/users"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [figures, options, names, { locale, t }] = await Promise.all([client.read(users, { query: f }), applicationFilterOptions(request, client), countryNames(request), chartLanguage(request)]);
  // Only the names of the countries shown: the page carries its data.
  const codes = new Set(COUNTRY_DIMENSIONS.flatMap((d) => figures.groups[d].flatMap((c) => (c.value ? [c.value] : []))));
  const countries = Object.fromEntries([...codes].map((code) => [code, names[code] ?? code]));
  // The ten countries of work with the most members (the table has every one), and the members by gender.
  const work = figures.groups.work_country
    .filter((c) => c.value !== null && c.members > 0)
    .sort((a, b) => b.members - a.members)
    .slice(0, WORK_COUNTRIES_SHOWN);
  const gender = figures.groups.gender.filter((c) => c.members > 0);
  const genderName = (c: (typeof gender)[number]) => (c.value === null ? t("stats.users.not-given") : lookupLabel(t, "genders", { value: c.value, label: c.label ?? c.value }));
  const charts = [
    work.length
      ? barChart({
          id: "users-work-country",
          title: t("stats.users.chart.work-title"),
          description: t("stats.users.chart.work-description", { count: work.length }),
          locale,
          bars: work.map((c) => ({ label: countries[c.value!] ?? c.value!, value: c.members })),
        })
      : null,
    gender.length
      ? barChart({
          id: "users-gender",
          title: t("stats.users.chart.gender-title"),
          description: t("stats.users.chart.gender-description", { count: gender.length }),
          locale,
          bars: gender.map((c) => ({ label: genderName(c), value: c.members })),
        })
      : null,
  ].flatMap((c) => (c ? [c] : []));
  return json({ figures, countries, charts, filters: f, options });
}

/** The countries of work the chart draws (the table has them all). */
const WORK_COUNTRIES_SHOWN = 10;

const LOOKUP_OF: Partial<Record<UserDimension, LookupList>> = { gender: "genders", researcher_status: "researcher-status", organization_type: "organization-type" };

/** /admin/stats/users: who the programme reached, its members by gender, country, researcher status, organization, career stage, age, and new or returning. */
export default function UserStatistics() {
  const { figures, countries, charts, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = numberFormat(lang, { style: "percent", maximumFractionDigits: 1 });
  const valueOf = (d: UserDimension, c: (typeof figures.groups)[UserDimension][number]) => {
    if (c.value === null) return t("stats.users.not-given");
    if (COUNTRY_DIMENSIONS.includes(d)) return `${countries[c.value] ?? c.value} (${c.value})`;
    const list = LOOKUP_OF[d];
    if (list) return lookupLabel(t, list, { value: c.value, label: c.label ?? c.value });
    return t(`stats.users.values.${d}.${c.value}`);
  };
  return (
    <>
      <StatsFrame
        screen="/admin/stats/users"
        title={t("stats.users.title")}
        downloads={t("stats.users.downloads")}
        f={f}
        options={options}
        charts={charts.map((c) => (
          <BarChart key={c.id} chart={c} />
        ))}
      >
        <div className={tableStack}>
          <p role="status">{t("stats.users.caption", { count: figures.members })}</p>
          {USER_DIMENSIONS.map((d) => (
            <table key={d}>
              <caption className={groupCaption}>{t(`stats.users.by.${d}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`stats.users.dimension.${d}`)}</th>
                  <th scope="col">{t("stats.users.members")}</th>
                  <th scope="col">{t("stats.users.share")}</th>
                </tr>
              </thead>
              <tbody>
                {figures.groups[d].length ? (
                  figures.groups[d].map((c) => (
                    <tr key={c.value ?? ""}>
                      <th scope="row">{valueOf(d, c)}</th>
                      <td>{numberFormat(lang).format(c.members)}</td>
                      <td>{figures.members ? percent.format(c.members / figures.members) : <span className={hintClass}>{t("stats.key.no-data")}</span>}</td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={3}>{t("stats.users.none")}</td>
                  </tr>
                )}
              </tbody>
            </table>
          ))}
        </div>
      </StatsFrame>
      <p className={hintClass}>{t("stats.users.hint")}</p>
    </>
  );
}
