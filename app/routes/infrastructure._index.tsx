import type { LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as infrastructures from "~/api/infrastructures/contract";
import { requireAccess } from "~/auth/user.server";
import { countryName } from "~/domain/countries/country-names";
import { formatDay } from "~/domain/dates";
import { i18next } from "~/i18n/i18next.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { Pagination } from "~/components/Pagination";
import { card } from "~/styles/layout.css";
import { titleKey } from "~/lib/document-title";
import { pageParam } from "~/forms/list-query";
import * as u from "~/styles/utility.css";

export const handle = titleKey("nav.my-infrastructures");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/infrastructure"]);
  const page = pageParam(new URL(request.url).searchParams.get("page")) ?? "1";
  const [mine, lng] = await Promise.all([
    api(request).read(infrastructures.my, { query: { page } }),
    i18next.getLocale(request),
  ]);
  // The country's name in the reader's language (ICU's, by its code).
  return json({ ...mine, data: mine.data.map((i) => ({ ...i, country_name: i.country ? countryName(i.country, lng) : null })) });
}

/** /infrastructure: the infrastructures the signed-in user manages or administers, and only those. */
export default function MyInfrastructures() {
  const { data, meta } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1>{t("nav.my-infrastructures")}</h1>
      {data.length === 0 ? <p>{t("infrastructure.mine-empty")}</p> : null}
      <ul className={u.cardList}>
        {data.map((i) => (
          <li key={i.id} className={card}>
            <article aria-labelledby={`infrastructure-${i.id}`}>
              <h2 id={`infrastructure-${i.id}`} className={u.cardTitle}>
                {i.name}
                {i.short_name ? ` (${i.short_name})` : null}
              </h2>
              <dl className={u.facts}>
                <dt>{t("infrastructure.my-role")}</dt>
                <dd className={u.fact}>{t(`infrastructure.role-${i.my_role}`)}</dd>
                <dt>{t("infrastructure-field.country")}</dt>
                <dd className={u.fact}>{i.country_name ?? "—"}</dd>
                <dt>{t("infrastructure-field.category")}</dt>
                <dd className={u.fact}>{i.category ? t(`infrastructure-category.${i.category}`) : "—"}</dd>
                <dt>{t("infrastructure.periods")}</dt>
                <dd className={u.fact}>
                  {i.periods.length === 0 ? (
                    t("infrastructure.no-periods")
                  ) : (
                    <ul className={u.tightList}>
                      {i.periods.map((p) => (
                        <li key={p.id}>
                          <time dateTime={p.date_from}>{formatDay(p.date_from, i18n.language)}</time> –{" "}
                          <time dateTime={p.date_to}>{formatDay(p.date_to, i18n.language)}</time>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </dl>
              <Link to={`/infrastructure/${i.id}/update`} aria-describedby={`infrastructure-${i.id}`}>
                {t("infrastructure.edit")}
              </Link>
            </article>
          </li>
        ))}
      </ul>
      {meta.total > meta.per_page ? <Pagination meta={meta} /> : null}
    </>
  );
}
