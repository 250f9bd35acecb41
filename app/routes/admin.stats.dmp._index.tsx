import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { dmp as dataManagementPlans } from "~/api/stats/dmp-contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { Link } from "~/components/Link";
import { Pagination } from "~/components/Pagination";
import { StatsFrame } from "~/components/StatsFrame";
import { StatsNav } from "~/components/StatsNav";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { pageParam } from "~/forms/list-query";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.dmp.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/dmp"]);
  const params = new URL(request.url).searchParams;
  const f = statsUrlFilters(params);
  const client = api(request);
  const [plans, options] = await Promise.all([client.read(dataManagementPlans, { query: { ...f, page: pageParam(params.get("page")) } }), applicationFilterOptions(request, client)]);
  return json({ plans, filters: f, options });
}

type Plan = { id: number; name: string } | null;

/** /admin/stats/dmp: each filtered application's draft and final data management plan, present (a link to the file) or missing. */
export default function DataManagementPlans() {
  const { plans, filters: f, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t("stats.dmp.title");
  if (!plans.asked) {
    return (
      <>
        <h1>{title}</h1>
        <StatsNav />
        <p role="status">{t("stats.dmp.not-asked")}</p>
      </>
    );
  }
  const file = (p: Plan) =>
    p ? (
      <a href={`/media/${p.id}`} download={p.name}>
        {p.name}
      </a>
    ) : (
      <span className={hintClass}>{t("stats.dmp.missing")}</span>
    );
  return (
    <>
      <StatsFrame screen="/admin/stats/dmp" title={title} downloads={t("stats.dmp.downloads")} f={f} options={options}>
        <table>
          <caption className={u.leftCaption} role="status">
            {t("stats.dmp.caption", { count: plans.summary.applications, ...plans.summary })}
          </caption>
          <thead>
            <tr>
              {(["application", "call", "status", "draft", "final"] as const).map((c) => (
                <th key={c} scope="col">
                  {t(`stats.dmp.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plans.data.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to={`/admin/application/${r.id}`}>{r.acronym ?? `#${r.id}`}</Link>
                </th>
                <td>{r.call_title}</td>
                <td>{t(`applications.status.${r.status}`)}</td>
                <td>{file(r.draft)}</td>
                <td>{file(r.final)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StatsFrame>
      <Pagination meta={plans.meta} />
      <p className={hintClass}>{t("stats.dmp.hint")}</p>
    </>
  );
}
