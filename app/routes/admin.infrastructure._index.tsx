import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { INFRASTRUCTURE_CATEGORIES } from "~/domain/infrastructure-lookups";
import { ROUTE_RULES } from "~/domain/navigation";
import { listQuery } from "~/lib/list-query";
import { Pagination, SortHeader, type PageMeta } from "~/components/Pagination";
import { field, label } from "~/components/Form.css";
import { button, inlineForm, secondaryButton } from "~/styles/layout.css";

export const meta: MetaFunction = () => [{ title: "Infrastructures" }];

interface InfrastructureRow {
  id: number;
  name: string;
  short_name: string | null;
  country: string | null;
  category: string | null;
  deleted_at: string | null;
  manager: { display_name: string } | null;
  administrators: unknown[];
  periods: unknown[];
}

const SORTABLE = ["name", "short_name", "country", "category"] as const;
const CATEGORIES = INFRASTRUCTURE_CATEGORIES.map((c) => c.value);

/** The URL's filters, less any value the API would refuse (a hand-edited URL shows the list, not an error). */
function filters(request: Request) {
  const q = listQuery(request, ["q", "country", "category", "trashed", "sort_by", "order", "page"]);
  const pick = <T extends string>(v: unknown, allowed: readonly T[]) => (allowed.includes(v as T) ? (v as T) : undefined);
  const page = Number(q.page);
  return {
    q: typeof q.q === "string" ? q.q.slice(0, 255) : undefined,
    country: typeof q.country === "string" && /^[A-Z]{2}$/.test(q.country) ? q.country : undefined,
    category: pick(q.category, CATEGORIES),
    trashed: pick(q.trashed, ["with", "only"] as const),
    sort_by: pick(q.sort_by, SORTABLE) ?? "name",
    order: pick(q.order, ["asc", "desc"] as const) ?? "asc",
    page: Number.isInteger(page) && page > 0 ? String(page) : undefined,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const f = filters(request);
  const client = api(request);
  const [list, countries] = await Promise.all([
    client.get<{ data: InfrastructureRow[]; meta: PageMeta }>("/infrastructures", f),
    client.get<{ data: { label: string; value: string }[] }>("/countries", { per_page: 1000 }),
  ]);
  return json({ ...list, countries: countries.data, filters: f });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const search = String(form.get("returnTo") ?? "");
  const back = `/admin/infrastructure${search.startsWith("?") ? search : ""}`;
  if (!Number.isInteger(id) || id < 1) throw new Response("Bad request", { status: 400 });
  const intent = form.get("intent");
  const client = api(request);
  if (intent === "delete") {
    await client.write("DELETE", `/infrastructures/${id}`);
    return redirectWithAlert(request, back, successAlert("infrastructure.deleted"));
  }
  if (intent === "restore") {
    // The API takes writes as JSON only, hence the empty body.
    await client.write("PUT", `/infrastructures/${id}/restore`, {});
    return redirectWithAlert(request, back, successAlert("infrastructure.restored"));
  }
  throw new Response("Bad request", { status: 400 });
}

/** A small POST form: delete or restore one infrastructure, named in the button for screen readers. */
function RowAction({ row, intent }: { row: InfrastructureRow; intent: "delete" | "restore" }) {
  const { search } = useLocation();
  return (
    <Form method="post" className={inlineForm}>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="returnTo" value={search} />
      <button type="submit" name="intent" value={intent} className={secondaryButton}>
        <Trans
          i18nKey={intent === "delete" ? "infrastructure.delete-named" : "infrastructure.restore-named"}
          values={{ name: row.name }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </button>
    </Form>
  );
}

/** /admin/infrastructure: every research infrastructure, filtered, sorted and paged. */
export default function AdminInfrastructures() {
  const { data, meta, countries, filters: f } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const countryName = new Map(countries.map((c) => [c.value, c.label]));
  const column = (c: (typeof SORTABLE)[number]) => (
    <SortHeader column={c} label={t(`infrastructure-field.${c}`)} sortBy={f.sort_by} order={f.order} />
  );
  return (
    <>
      <h1>{t("infrastructure.admin-title")}</h1>
      <p>
        <Link to="/admin/infrastructure/create" className={button}>
          {t("infrastructure.create")}
        </Link>
      </p>

      <Form method="get" aria-label={t("infrastructure.filters")} style={{ display: "flex", flexWrap: "wrap", gap: "0 1rem", alignItems: "end" }}>
        <input type="hidden" name="sort_by" value={f.sort_by} />
        <input type="hidden" name="order" value={f.order} />
        <div className={field}>
          <label className={label} htmlFor="infrastructure-q">
            {t("list.search")}
          </label>
          <input id="infrastructure-q" type="search" name="q" defaultValue={f.q ?? ""} aria-describedby="infrastructure-q-hint" />
          <span id="infrastructure-q-hint" className="visually-hidden">
            {t("infrastructure.search-hint")}
          </span>
        </div>
        <div className={field}>
          <label className={label} htmlFor="infrastructure-country">
            {t("infrastructure-field.country")}
          </label>
          <select id="infrastructure-country" name="country" defaultValue={f.country ?? ""}>
            <option value="">{t("list.all")}</option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label className={label} htmlFor="infrastructure-category">
            {t("infrastructure-field.category")}
          </label>
          <select id="infrastructure-category" name="category" defaultValue={f.category ?? ""}>
            <option value="">{t("list.all")}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`infrastructure-category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label className={label} htmlFor="infrastructure-trashed">
            {t("list.trashed")}
          </label>
          <select id="infrastructure-trashed" name="trashed" defaultValue={f.trashed ?? ""}>
            <option value="">{t("list.trashed-none")}</option>
            <option value="with">{t("list.trashed-with")}</option>
            <option value="only">{t("list.trashed-only")}</option>
          </select>
        </div>
        <div className={field}>
          <button type="submit" className={button}>
            {t("infrastructure.apply-filters")}
          </button>
        </div>
      </Form>

      {data.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <table>
          <caption style={{ textAlign: "left" }}>{t("infrastructure.caption", { total: meta.total })}</caption>
          <thead>
            <tr>
              {column("name")}
              {column("short_name")}
              {column("country")}
              {column("category")}
              <th scope="col">{t("infrastructure-field.manager_id")}</th>
              <th scope="col">{t("infrastructure.periods")}</th>
              <th scope="col">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.deleted_at ? row.name : <Link to={`/admin/infrastructure/${row.id}/update`}>{row.name}</Link>}
                  {row.deleted_at ? <> ({t("infrastructure.deleted-badge")})</> : null}
                </td>
                <td>{row.short_name ?? "—"}</td>
                <td>{row.country ? (countryName.get(row.country) ?? row.country) : "—"}</td>
                <td>{row.category ? t(`infrastructure-category.${row.category}`) : "—"}</td>
                <td>{row.manager?.display_name ?? t("infrastructure.no-manager")}</td>
                <td>{row.periods.length}</td>
                <td>
                  <RowAction row={row} intent={row.deleted_at ? "restore" : "delete"} />
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
