import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as pagesApi from "~/api/pages/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { PAGE_STATUS_TONE, PAGE_STATUSES, type PageStatus } from "~/domain/pages/page-status";
import { formatDay, todayIso } from "~/domain/dates";
import { listQuery, listView } from "~/forms/list-query";
import { listRowAction } from "~/forms/list-row-action.server";
import { Pagination, SortHeader } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { HiddenPartText, ListFilters, ListHeading, SearchFilter, SelectFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("page.admin-title");

const KEYS = ["q", "status", "trashed", "sort_by", "order", "page"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  const query = listQuery(request, KEYS);
  const list = await api(request).read(pagesApi.list, { query });
  return json({ list, query });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/page"]);
  return listRowAction(request, { screen: "/admin/page", operations: { remove: pagesApi.remove, restore: pagesApi.restore }, deleted: "page.deleted", restored: "page.restored" });
}

/** /admin/page: every page with search, status and trash filters, sorting, paging, delete and restore. */
export default function AdminPages() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { sortBy, order, text } = listView(query);
  const sort = (column: string) => <SortHeader column={column} label={t(`page.columns.${column}`)} sortBy={sortBy} order={order} />;
  const day = (at: string) => formatDay(todayIso(new Date(at)), i18n.language);
  return (
    <>
      <ListHeading title={t("page.admin-title")} createTo="/admin/page/create" createLabel={t("page.create")} />
      <ListFilters label={t("page.filters")} submit={t("page.apply-filters")} sortBy={text("sort_by")} order={text("order")}>
        <SearchFilter id="filter-q" value={text("q")} hint={t("page.search-hint")} />
        <SelectFilter
          id="filter-status"
          name="status"
          label={t("list.status")}
          value={text("status")}
          options={PAGE_STATUSES.map((s) => ({ value: s, label: t(`page.status.${s}`) }))}
        />
        <TrashedFilter id="filter-trashed" value={text("trashed")} />
      </ListFilters>
      {list.data.length === 0 ? (
        <p role="status">{t("list.empty")}</p>
      ) : (
        <ScrollBox label={t("page.admin-title")}>
        <table>
          <caption className="visually-hidden">{t("page.caption", { total: list.meta.total })}</caption>
          <thead>
            <tr>
              {sort("title")}
              {sort("slug")}
              {sort("status")}
              <th scope="col">{t("page.columns.is_public")}</th>
              <th scope="col">{t("page.columns.in_menu")}</th>
              {sort("updated_at")}
              <th scope="col">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.title}</th>
                <td>
                  <code>/page/{p.slug}</code>
                </td>
                <td>
                  <StatusBadge status={p.status} tone={PAGE_STATUS_TONE[p.status as PageStatus] ?? "grey"} prefix="page.status" />
                  {p.deleted_at ? <> {t("page.deleted-badge")}</> : null}
                </td>
                <td>{t(p.is_public ? "page.yes" : "page.no")}</td>
                <td>{t(p.in_menu ? "page.yes" : "page.no")}</td>
                <td>{day(p.updated_at)}</td>
                <td>
                  <span className={u.cluster}>
                    {p.deleted_at ? null : (
                      <Link to={`/admin/page/${p.id}/update`}>
                        <HiddenPartText i18nKey="page.edit-page" values={{ title: p.title }} />
                      </Link>
                    )}
                    {p.status === "published" && !p.deleted_at ? (
                      <Link to={`/page/${p.slug}`}>
                        <HiddenPartText i18nKey="page.view-page" values={{ title: p.title }} />
                      </Link>
                    ) : null}
                    <TrashOrRestore
                      id={p.id}
                      trashed={Boolean(p.deleted_at)}
                      deleteKey="page.delete-page"
                      restoreKey="page.restore-page"
                      values={{ title: p.title }}
                    />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollBox>
      )}
      <Pagination meta={list.meta} />
    </>
  );
}
