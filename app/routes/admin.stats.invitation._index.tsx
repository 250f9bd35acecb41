import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as invitations from "~/api/invitations/contract";
import { requireAccess } from "~/auth/user.server";
import { SearchFilter } from "~/components/AdminList";
import { DateFilter } from "~/components/ApplicationFilters";
import { hint as hintClass } from "~/components/Form.css";
import { INVITATION_COLUMNS, InvitationRows } from "~/components/InvitationRows";
import { Pagination } from "~/components/Pagination";
import { StatsFrame } from "~/components/StatsFrame";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { pageParam } from "~/forms/list-query";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.invitation.title");

/** The shared filters that apply to invitations: the search (the address) and the days (the sending). */
const INVITATION_FILTERS = ["q", "date_from", "date_to"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/invitation"]);
  const params = new URL(request.url).searchParams;
  const f = statsUrlFilters(params);
  const client = api(request);
  const [report, options] = await Promise.all([
    client.read(invitations.report, { query: { q: f.q, date_from: f.date_from, date_to: f.date_to, page: pageParam(params.get("page")) } }),
    applicationFilterOptions(request, client),
  ]);
  return json({ report, filters: f, options });
}

/** /admin/stats/invitation: the invitations (as /admin/invitations lists them), with the statistics' filters that apply to them. */
export default function InvitationStatistics() {
  const { report, filters: f, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const fields = (
    <div className={u.fieldRow}>
      <SearchFilter id="stats-q" value={f.q} hint={t("stats.invitation.search-hint")} />
      <DateFilter id="stats-date-from" name="date_from" label={t("stats.invitation.invited-from")} value={f.date_from} />
      <DateFilter id="stats-date-to" name="date_to" label={t("stats.invitation.invited-to")} value={f.date_to} />
    </div>
  );
  return (
    <>
      <StatsFrame
        screen="/admin/stats/invitation"
        title={t("stats.invitation.title")}
        downloads={t("stats.invitation.downloads")}
        f={f}
        options={options}
        ownFilters={{ shown: [...INVITATION_FILTERS], node: fields }}
      >
        <table>
          <caption className={u.leftCaption} role="status">
            {t("stats.invitation.caption", { count: report.meta.total })}
          </caption>
          <thead>
            <tr>
              {INVITATION_COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`notifications.invitations.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <InvitationRows data={report.data} />
          </tbody>
        </table>
      </StatsFrame>
      <Pagination meta={report.meta} />
      <p className={hintClass}>{t("stats.invitation.hint")}</p>
    </>
  );
}
