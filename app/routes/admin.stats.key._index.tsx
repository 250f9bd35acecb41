import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { key as keyIndicators } from "~/api/stats/contract";
import { requireAccess } from "~/auth/user.server";
import { indicatorHint } from "~/components/Stats.css";
import { hint as hintClass } from "~/components/Form.css";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { KEY_INDICATORS, statsUrlFilters, type KeyIndicator } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { StatsFrame } from "~/components/StatsFrame";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.key.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/key"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [indicators, options] = await Promise.all([client.read(keyIndicators, { query: f }), applicationFilterOptions(request, client)]);
  return json({ indicators, filters: f, options });
}

/** /admin/stats/key: the key indicators of the applications the statistics filter keeps, and their table as downloads. */
export default function KeyIndicators() {
  const { indicators, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const value = (k: KeyIndicator) => {
    const n = indicators[k];
    if (n === null) return <span className={hintClass}>{t("stats.key.no-data")}</span>;
    if (k === "success_rate") return numberFormat(lang, { style: "percent", maximumFractionDigits: 1 }).format(n);
    if (k === "median_days_to_decision" || k === "median_days_to_grant") {
      return t("stats.key.days", { count: n, days: numberFormat(lang, { maximumFractionDigits: 1 }).format(n) });
    }
    return numberFormat(lang).format(n);
  };
  return (
    <>
      <StatsFrame screen="/admin/stats/key" title={t("stats.key.title")} downloads={t("stats.key.downloads")} f={f} options={options}>
        <table>
          <caption className={u.leftCaption} role="status">
            {t("stats.key.caption", { count: indicators.applications })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("stats.key.indicator")}</th>
              <th scope="col">{t("stats.key.value")}</th>
            </tr>
          </thead>
          <tbody>
            {KEY_INDICATORS.map((k) => (
              <tr key={k}>
                <th scope="row">
                  {t(`stats.key.labels.${k}`)}
                  <br />
                  <span className={`${hintClass} ${indicatorHint}`}>{t(`stats.key.hints.${k}`)}</span>
                </th>
                <td>{value(k)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StatsFrame>
    </>
  );
}
