import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as calls from "~/api/calls/contract";
import { CALL_STATUS_TONE, CALL_STATUSES } from "~/domain/calls/call-status";
import { formatDay } from "~/domain/dates";
import { listFilters, listQuery, oneOf } from "~/forms/list-query";
import { listLoader, listRowAction } from "~/forms/admin-list.server";
import { ListFilters, ListHeading, ListTable, SearchFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { CheckboxFilter, FilterChips, FilterPanel, useFormatCount, type Chip } from "~/components/FilterPanel";
import { StatusBadge } from "~/components/StatusBadge";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("admin-call.title");

const SORTABLE = ["id", "title", "open_at", "close_at", "status"] as const;

/** The URL's filters, less any value the API would refuse (listFilters). */
function filters(request: Request) {
  const q = listQuery(request, ["q", "status[]", "trashed", "sort_by", "order", "page"]);
  const statuses = ([] as string[]).concat(q["status[]"] ?? []).filter((s) => oneOf(s, CALL_STATUSES));
  return { ...listFilters(q, { columns: SORTABLE, by: "id", order: "desc" }), "status[]": statuses.length ? statuses : undefined };
}

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "/admin/call", async (client) => {
    const f = filters(request);
    return { ...(await client.read(calls.list, { query: { ...f, includes: "owner" } })), filters: f };
  });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  return listRowAction(request, { screen: "/admin/call", operations: calls, deleted: "admin-call.deleted", restored: "admin-call.restored" });
}

/** /admin/call: every call, filtered, sorted and paged, with links to edit and buttons to delete or restore. */
export default function AdminCalls() {
  const { data, meta, filters: f } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const sortable = (c: (typeof SORTABLE)[number]) => ({ sort: c, label: t(`admin-call.columns.${c}`) });
  const day = (at: string) => <time dateTime={at}>{formatDay(at, i18n.language)}</time>;
  const formatCount = useFormatCount();
  const statusLabel = (s: string) => t(`calls.status.${s}`);
  const chip = (name: string, field: string, value: string, shown: string): Chip => ({ name, value, label: t("list.chip", { field, value: shown }) });
  // The active filters as removable chips (docs/ui.md#filters).
  const chips = [
    ...(f["status[]"] ?? []).map((s) => chip("status[]", t("list.status"), s, statusLabel(s))),
    ...(f.trashed ? [chip("trashed", t("list.trashed"), f.trashed, t(`list.trashed-${f.trashed}`))] : []),
  ];
  return (
    <>
      <ListHeading title={t("admin-call.title")} createTo="/admin/call/create" createLabel={t("admin-call.create")} />
      <ListFilters label={t("admin-call.filters")} labelHidden submit={t("admin-call.apply-filters")} sortBy={f.sort_by} order={f.order}>
        <SearchFilter id="call-q" value={f.q} hint={t("admin-call.search-hint")} />
        <TrashedFilter id="call-trashed" value={f.trashed} />
        <FilterPanel summary={t("list.status")} active={f["status[]"]?.length ?? 0}>
          <CheckboxFilter name="status[]" legend={t("list.status")} values={f["status[]"]} options={CALL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
        </FilterPanel>
      </ListFilters>
      <FilterChips count={t("admin-call.count", { count: meta.total, n: formatCount(meta.total) })} chips={chips} />
      <ListTable
        label={t("admin-call.title")}
        className={u.fullTable}
        caption={{ text: t("admin-call.caption", { total: meta.total }) }}
        rows={data}
        meta={meta}
        sortBy={f.sort_by}
        order={f.order}
        columns={[
          { ...sortable("id"), cell: (c) => c.id },
          {
            ...sortable("title"),
            cell: (c) => (
              <>
                <Link to={`/admin/call/${c.id}/update`}>{c.title}</Link>
                {c.deleted_at ? <> ({t("admin-call.deleted-badge")})</> : null}
              </>
            ),
          },
          { ...sortable("open_at"), cell: (c) => day(c.open_at) },
          { ...sortable("close_at"), cell: (c) => day(c.close_at) },
          { ...sortable("status"), cell: (c) => <StatusBadge status={c.status} tone={CALL_STATUS_TONE[c.status]} prefix="calls.status" /> },
          { label: t("admin-call.columns.owner"), cell: (c) => c.owner?.display_name || t("admin-call.no-owner") },
          {
            label: t("list.actions"),
            action: true,
            cell: (c) => <TrashOrRestore id={c.id} trashed={Boolean(c.deleted_at)} deleteKey="admin-call.delete-call" restoreKey="admin-call.restore-call" values={{ title: c.title }} />,
          },
        ]}
      />
    </>
  );
}
