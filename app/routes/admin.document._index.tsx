import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as documents from "~/api/documents/contract";
import { DOCUMENT_STATUS_TONE, DOCUMENT_STATUSES, DOCUMENT_VISIBILITIES } from "~/domain/documents/document-status";
import { ROLES } from "~/domain/users/roles";
import { formatDay, todayIso } from "~/domain/dates";
import { listQuery, listView } from "~/forms/list-query";
import { listLoader, listRowAction } from "~/forms/admin-list.server";
import { StatusBadge } from "~/components/StatusBadge";
import { HiddenPartText, ListFilters, ListHeading, ListTable, SearchFilter, SelectFilter, TextFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("document.admin-title");

const KEYS = ["q", "status", "tag", "visibility", "role", "trashed", "sort_by", "order", "page"];

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "/admin/document", async (client) => {
    const query = listQuery(request, KEYS);
    return { list: await client.read(documents.list, { query }), query };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return listRowAction(request, { screen: "/admin/document", operations: documents, deleted: "document.deleted", restored: "document.restored" });
}

/** /admin/document: every document with search, status, tag, visibility, role and trash filters, sorting, paging, delete and restore. */
export default function AdminDocuments() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { sortBy, order, text } = listView(query);
  const sortable = (column: string) => ({ sort: column, label: t(`document.columns.${column}`) });
  return (
    <>
      <ListHeading title={t("document.admin-title")} createTo="/admin/document/create" createLabel={t("document.create")} />
      <ListFilters label={t("document.filters")} submit={t("document.apply-filters")} sortBy={text("sort_by")} order={text("order")}>
        <SearchFilter id="filter-q" value={text("q")} hint={t("document.search-hint")} />
        <SelectFilter
          id="filter-status"
          name="status"
          label={t("list.status")}
          value={text("status")}
          options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
        />
        <TextFilter id="filter-tag" name="tag" label={t("document.tag-filter")} value={text("tag")} />
        <SelectFilter
          id="filter-visibility"
          name="visibility"
          label={t("document.visibility-filter")}
          value={text("visibility")}
          options={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`document.visibility.${v}`) }))}
        />
        <SelectFilter
          id="filter-role"
          name="role"
          label={t("document.role-filter")}
          value={text("role")}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <TrashedFilter id="filter-trashed" value={text("trashed")} />
      </ListFilters>
      <ListTable
        label={t("document.admin-title")}
        caption={{ text: t("document.caption", { total: list.meta.total }), hidden: true }}
        empty={{ status: true }}
        rows={list.data}
        meta={list.meta}
        sortBy={sortBy}
        order={order}
        columns={[
          { ...sortable("title"), rowHeader: true, cell: (d) => d.title },
          {
            ...sortable("status"),
            cell: (d) => (
              <>
                <StatusBadge status={d.status} tone={DOCUMENT_STATUS_TONE[d.status]} prefix="document.status" />
                {d.deleted_at ? <> {t("document.deleted-badge")}</> : null}
              </>
            ),
          },
          { label: t("document.columns.tags"), cell: (d) => (d.tags.length ? d.tags.join(", ") : t("document.no-tags")) },
          { label: t("document.columns.roles"), cell: (d) => (d.roles.length ? d.roles.map((r) => t(`roles.${r}`)).join(", ") : t("document.everyone")) },
          { label: t("document.columns.files"), cell: (d) => t("document.file-count", { count: d.attachments.length }) },
          { ...sortable("updated_at"), cell: (d) => formatDay(todayIso(new Date(d.updated_at)), i18n.language) },
          {
            label: t("list.actions"),
            action: true,
            cell: (d) => (
              <span className={u.cluster}>
                {d.deleted_at ? null : (
                  <Link to={`/admin/document/${d.id}/update`}>
                    <HiddenPartText i18nKey="document.edit-document" values={{ title: d.title }} />
                  </Link>
                )}
                <TrashOrRestore id={d.id} trashed={Boolean(d.deleted_at)} deleteKey="document.delete-document" restoreKey="document.restore-document" values={{ title: d.title }} />
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
