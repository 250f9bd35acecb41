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

export const handle = titleKey("stats.users.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/users"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [figures, options, names] = await Promise.all([client.read(users, { query: f }), applicationFilterOptions(client), countryNames(request)]);
  // Only the names of the countries shown: the page carries its data.
  const codes = new Set(COUNTRY_DIMENSIONS.flatMap((d) => figures.groups[d].flatMap((c) => (c.value ? [c.value] : []))));
  const countries = Object.fromEntries([...codes].map((code) => [code, names[code] ?? code]));
  return json({ figures, countries, filters: f, options });
}

const LOOKUP_OF: Partial<Record<UserDimension, LookupList>> = { gender: "genders", researcher_status: "researcher-status", organization_type: "organization-type" };

/** /admin/stats/users: who the programme reached, its members by gender, country, researcher status, organization, career stage, age, and new or returning. */
export default function UserStatistics() {
  const { figures, countries, filters: f, options } = useLoaderData<typeof loader>();
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
      <StatsFrame screen="/admin/stats/users" title={t("stats.users.title")} downloads={t("stats.users.downloads")} f={f} options={options}>
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
