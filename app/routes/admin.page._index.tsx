import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as pagesApi from "~/api/pages/contract";
import { PAGE_STATUS_TONE, PAGE_STATUSES, PAGE_VISIBILITIES } from "~/domain/pages/page-status";
import { formatDay, todayIso } from "~/domain/dates";
import { listQuery, listView } from "~/forms/list-query";
import { listLoader, listRowAction } from "~/forms/admin-list.server";
import { StatusBadge } from "~/components/StatusBadge";
import { HiddenPartText, ListFilters, ListHeading, ListTable, SearchFilter, SelectFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("page.admin-title");

const KEYS = ["q", "status", "visibility", "trashed", "sort_by", "order", "page"];

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "/admin/page", async (client) => {
    const query = listQuery(request, KEYS);
    return { list: await client.read(pagesApi.list, { query }), query };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return listRowAction(request, { screen: "/admin/page", operations: pagesApi, deleted: "page.deleted", restored: "page.restored" });
}

/** /admin/page: every page with search, status, visibility and trash filters, sorting, paging, delete and restore. */
export default function AdminPages() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { sortBy, order, text } = listView(query);
  const sortable = (column: string) => ({ sort: column, label: t(`page.columns.${column}`) });
  const yesNo = (yes: boolean) => t(yes ? "page.yes" : "page.no");
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
        <SelectFilter
          id="filter-visibility"
          name="visibility"
          label={t("page.visibility-filter")}
          value={text("visibility")}
          options={PAGE_VISIBILITIES.map((v) => ({ value: v, label: t(`page.visibility.${v}`) }))}
        />
        <TrashedFilter id="filter-trashed" value={text("trashed")} />
      </ListFilters>
      <ListTable
        label={t("page.admin-title")}
        caption={{ text: t("page.caption", { total: list.meta.total }), hidden: true }}
        empty={{ status: true }}
        rows={list.data}
        meta={list.meta}
        sortBy={sortBy}
        order={order}
        columns={[
          { ...sortable("title"), rowHeader: true, cell: (p) => p.title },
          { ...sortable("slug"), cell: (p) => <code>/page/{p.slug}</code> },
          {
            ...sortable("status"),
            cell: (p) => (
              <>
                <StatusBadge status={p.status} tone={PAGE_STATUS_TONE[p.status]} prefix="page.status" />
                {p.deleted_at ? <> {t("page.deleted-badge")}</> : null}
              </>
            ),
          },
          { label: t("page.columns.is_public"), cell: (p) => yesNo(p.is_public) },
          { label: t("page.columns.in_menu"), cell: (p) => yesNo(p.in_menu) },
          { ...sortable("updated_at"), cell: (p) => formatDay(todayIso(new Date(p.updated_at)), i18n.language) },
          {
            label: t("list.actions"),
            action: true,
            cell: (p) => (
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
                <TrashOrRestore id={p.id} trashed={Boolean(p.deleted_at)} deleteKey="page.delete-page" restoreKey="page.restore-page" values={{ title: p.title }} />
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
