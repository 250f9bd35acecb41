import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as calls from "~/api/calls/contract";
import { requireAccess } from "~/auth/user.server";
import { CALL_STATUS_TONE, CALL_STATUSES, type CallStatus } from "~/domain/calls/call-status";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { listQuery } from "~/forms/list-query";
import { listRowAction } from "~/forms/list-row-action.server";
import { ListFilters, ListHeading, SearchFilter, SelectFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { Pagination, SortHeader } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("admin-call.title");

const SORTABLE = ["id", "title", "open_at", "close_at", "status"] as const;
const TRASHED = ["with", "only"] as const;

/** The URL's filters, less any value the API would refuse (a hand-edited URL shows the list, not an error). */
function filters(request: Request) {
  const q = listQuery(request, ["q", "status[]", "trashed", "sort_by", "order", "page"]);
  const pick = <T extends string>(v: unknown, allowed: readonly T[]) => (allowed.includes(v as T) ? (v as T) : undefined);
  const statuses = ([] as string[]).concat(q["status[]"] ?? []).filter((s) => pick(s, CALL_STATUSES));
  const page = Number(q.page);
  return {
    q: typeof q.q === "string" ? q.q.slice(0, 255) : undefined,
    "status[]": statuses.length ? statuses : undefined,
    trashed: pick(q.trashed, TRASHED),
    sort_by: pick(q.sort_by, SORTABLE) ?? "id",
    order: pick(q.order, ["asc", "desc"] as const) ?? "desc",
    page: Number.isInteger(page) && page > 0 ? String(page) : undefined,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const f = filters(request);
  const list = await api(request).read(calls.list, { query: { ...f, includes: "owner" } });
  return json({ ...list, filters: f });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  return listRowAction(request, { screen: "/admin/call", operations: { remove: calls.remove, restore: calls.restore }, deleted: "admin-call.deleted", restored: "admin-call.restored" });
}

/** /admin/call: every call, filtered, sorted and paged, with links to edit and buttons to delete or restore. */
export default function AdminCalls() {
  const { data, meta, filters: f } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const column = (c: (typeof SORTABLE)[number]) => (
    <SortHeader column={c} label={t(`admin-call.columns.${c}`)} sortBy={f.sort_by} order={f.order} />
  );
  return (
    <>
      <ListHeading title={t("admin-call.title")} createTo="/admin/call/create" createLabel={t("admin-call.create")} />
      <ListFilters label={t("admin-call.filters")} labelHidden submit={t("admin-call.apply-filters")} sortBy={f.sort_by} order={f.order}>
        <SearchFilter id="call-q" value={f.q} hint={t("admin-call.search-hint")} />
        <SelectFilter
          id="call-status"
          name="status[]"
          label={t("list.status")}
          value={f["status[]"]?.[0]}
          options={CALL_STATUSES.map((s) => ({ value: s, label: t(`calls.status.${s}`) }))}
        />
        <TrashedFilter id="call-trashed" value={f.trashed} />
      </ListFilters>

      {data.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ScrollBox label={t("admin-call.title")}>
        <table className={u.fullTable}>
          <caption className={u.leftCaption}>{t("admin-call.caption", { total: meta.total })}</caption>
          <thead>
            <tr>
              {column("id")}
              {column("title")}
              {column("open_at")}
              {column("close_at")}
              {column("status")}
              <th scope="col">{t("admin-call.columns.owner")}</th>
              <th scope="col">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>
                  <Link to={`/admin/call/${c.id}/update`}>{c.title}</Link>
                  {c.deleted_at ? <> ({t("admin-call.deleted-badge")})</> : null}
                </td>
                <td>
                  <time dateTime={c.open_at}>{formatDay(c.open_at, i18n.language)}</time>
                </td>
                <td>
                  <time dateTime={c.close_at}>{formatDay(c.close_at, i18n.language)}</time>
                </td>
                <td>
                  <StatusBadge status={c.status} tone={CALL_STATUS_TONE[c.status as CallStatus] ?? "orange"} prefix="calls.status" />
                </td>
                <td>{c.owner?.display_name || t("admin-call.no-owner")}</td>
                <td>
                  <TrashOrRestore
                    id={c.id}
                    trashed={Boolean(c.deleted_at)}
                    deleteKey="admin-call.delete-call"
                    restoreKey="admin-call.restore-call"
                    values={{ title: c.title }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollBox>
      )}
      <Pagination meta={meta} />
    </>
  );
}
