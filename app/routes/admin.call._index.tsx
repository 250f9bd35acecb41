import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { CALL_STATUS_TONE, CALL_STATUSES, type CallStatus } from "~/domain/call-status";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { listQuery } from "~/lib/list-query";
import { Pagination, SortHeader, type PageMeta } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { field, label } from "~/components/Form.css";
import { button, inlineForm, secondaryButton } from "~/styles/layout.css";

export const meta: MetaFunction = () => [{ title: "Calls" }];

interface CallRow {
  id: number;
  title: string;
  status: string;
  open_at: string;
  close_at: string;
  deleted_at: string | null;
  owner: { id: number; display_name: string } | null;
}

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
  const list = await api(request).get<{ data: CallRow[]; meta: PageMeta }>("/calls", { ...f, includes: "owner" });
  return json({ ...list, filters: f });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const search = String(form.get("returnTo") ?? "");
  const back = `/admin/call${search.startsWith("?") ? search : ""}`;
  if (!Number.isInteger(id) || id < 1) throw new Response("Bad request", { status: 400 });
  const intent = form.get("intent");
  const client = api(request);
  if (intent === "delete") {
    await client.write("DELETE", `/calls/${id}`);
    return redirectWithAlert(request, back, successAlert("admin-call.deleted"));
  }
  if (intent === "restore") {
    // The API takes writes as JSON only, hence the empty body.
    await client.write("PUT", `/calls/${id}/restore`, {});
    return redirectWithAlert(request, back, successAlert("admin-call.restored"));
  }
  throw new Response("Bad request", { status: 400 });
}

/** A small POST form: delete or restore one call, named in the button for screen readers. */
function RowAction({ call, intent }: { call: CallRow; intent: "delete" | "restore" }) {
  const { search } = useLocation();
  return (
    <Form method="post" className={inlineForm}>
      <input type="hidden" name="id" value={call.id} />
      <input type="hidden" name="returnTo" value={search} />
      <button type="submit" name="intent" value={intent} className={secondaryButton}>
        <Trans
          i18nKey={intent === "delete" ? "admin-call.delete-call" : "admin-call.restore-call"}
          values={{ title: call.title }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </button>
    </Form>
  );
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
      <h1>{t("admin-call.title")}</h1>
      <p>
        <Link to="/admin/call/create" className={button}>
          {t("admin-call.create")}
        </Link>
      </p>

      <Form method="get" aria-label={t("admin-call.filters")} style={{ display: "flex", flexWrap: "wrap", gap: "0 1rem", alignItems: "end" }}>
        <input type="hidden" name="sort_by" value={f.sort_by} />
        <input type="hidden" name="order" value={f.order} />
        <div className={field}>
          <label className={label} htmlFor="call-q">
            {t("list.search")}
          </label>
          <input id="call-q" type="search" name="q" defaultValue={f.q ?? ""} aria-describedby="call-q-hint" />
          <span id="call-q-hint" className="visually-hidden">
            {t("admin-call.search-hint")}
          </span>
        </div>
        <div className={field}>
          <label className={label} htmlFor="call-status">
            {t("list.status")}
          </label>
          <select id="call-status" name="status[]" defaultValue={f["status[]"]?.[0] ?? ""}>
            <option value="">{t("list.all")}</option>
            {CALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`calls.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label className={label} htmlFor="call-trashed">
            {t("list.trashed")}
          </label>
          <select id="call-trashed" name="trashed" defaultValue={f.trashed ?? ""}>
            <option value="">{t("list.trashed-none")}</option>
            <option value="with">{t("list.trashed-with")}</option>
            <option value="only">{t("list.trashed-only")}</option>
          </select>
        </div>
        <div className={field}>
          <button type="submit" className={button}>
            {t("admin-call.apply-filters")}
          </button>
        </div>
      </Form>

      {data.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <table style={{ width: "100%", borderCollapse: "collapse" }}>
          <caption style={{ textAlign: "left" }}>{t("admin-call.caption", { total: meta.total })}</caption>
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
                  <RowAction call={c} intent={c.deleted_at ? "restore" : "delete"} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination meta={meta} />
    </>
  );
}
