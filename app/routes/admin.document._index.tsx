import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as documents from "~/api/documents/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { DOCUMENT_STATUS_TONE, DOCUMENT_STATUSES, type DocumentStatus } from "~/domain/documents/document-status";
import { formatDay, todayIso } from "~/domain/dates";
import { listQuery, listView } from "~/forms/list-query";
import { listRowAction } from "~/forms/list-row-action.server";
import { Pagination, SortHeader } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { HiddenPartText, ListFilters, ListHeading, SearchFilter, SelectFilter, TextFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("document.admin-title");

const KEYS = ["q", "status", "tag", "trashed", "sort_by", "order", "page"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  const query = listQuery(request, KEYS);
  const list = await api(request).read(documents.list, { query });
  return json({ list, query });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/document"]);
  return listRowAction(request, { screen: "/admin/document", operations: { remove: documents.remove, restore: documents.restore }, deleted: "document.deleted", restored: "document.restored" });
}

/** /admin/document: every document with search, status, tag and trash filters, sorting, paging, delete and restore. */
export default function AdminDocuments() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { sortBy, order, text } = listView(query);
  const sort = (column: string) => <SortHeader column={column} label={t(`document.columns.${column}`)} sortBy={sortBy} order={order} />;
  const day = (at: string) => formatDay(todayIso(new Date(at)), i18n.language);
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
        <TrashedFilter id="filter-trashed" value={text("trashed")} />
      </ListFilters>
      {list.data.length === 0 ? (
        <p role="status">{t("list.empty")}</p>
      ) : (
        <ScrollBox label={t("document.admin-title")}>
        <table>
          <caption className="visually-hidden">{t("document.caption", { total: list.meta.total })}</caption>
          <thead>
            <tr>
              {sort("title")}
              {sort("status")}
              <th scope="col">{t("document.columns.tags")}</th>
              <th scope="col">{t("document.columns.roles")}</th>
              <th scope="col">{t("document.columns.files")}</th>
              {sort("updated_at")}
              <th scope="col">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((d) => (
              <tr key={d.id}>
                <th scope="row">{d.title}</th>
                <td>
                  <StatusBadge status={d.status} tone={DOCUMENT_STATUS_TONE[d.status as DocumentStatus] ?? "grey"} prefix="document.status" />
                  {d.deleted_at ? <> {t("document.deleted-badge")}</> : null}
                </td>
                <td>{d.tags.length ? d.tags.join(", ") : t("document.no-tags")}</td>
                <td>{d.roles.length ? d.roles.map((r) => t(`roles.${r}`)).join(", ") : t("document.everyone")}</td>
                <td>{t("document.file-count", { count: d.attachments.length })}</td>
                <td>{day(d.updated_at)}</td>
                <td>
                  <span className={u.cluster}>
                    {d.deleted_at ? null : <Link to={`/admin/document/${d.id}/update`}><HiddenPartText i18nKey="document.edit-document" values={{ title: d.title }} /></Link>}
                    <TrashOrRestore
                      id={d.id}
                      trashed={Boolean(d.deleted_at)}
                      deleteKey="document.delete-document"
                      restoreKey="document.restore-document"
                      values={{ title: d.title }}
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
