import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as infrastructures from "~/api/infrastructures/contract";
import { requireAccess } from "~/auth/user.server";
import { INFRASTRUCTURE_CATEGORIES } from "~/domain/infrastructures/infrastructure-lookups";
import { ROUTE_RULES } from "~/domain/navigation";
import { listQuery } from "~/forms/list-query";
import { countryOptionList } from "~/lib/countries.server";
import { listRowAction } from "~/forms/list-row-action.server";
import { ListFilters, ListHeading, SearchFilter, SelectFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { Pagination, SortHeader } from "~/components/Pagination";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("infrastructure.admin-title");

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
    client.read(infrastructures.list, { query: f }),
    countryOptionList(request),
  ]);
  return json({ ...list, countries, filters: f });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  return listRowAction(request, {
    screen: "/admin/infrastructure",
    operations: { remove: infrastructures.remove, restore: infrastructures.restore },
    deleted: "infrastructure.deleted",
    restored: "infrastructure.restored",
  });
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
      <ListHeading title={t("infrastructure.admin-title")} createTo="/admin/infrastructure/create" createLabel={t("infrastructure.create")} />
      <ListFilters label={t("infrastructure.filters")} labelHidden submit={t("infrastructure.apply-filters")} sortBy={f.sort_by} order={f.order}>
        <SearchFilter id="infrastructure-q" value={f.q} hint={t("infrastructure.search-hint")} />
        <SelectFilter id="infrastructure-country" name="country" label={t("infrastructure-field.country")} value={f.country} options={countries} />
        <SelectFilter
          id="infrastructure-category"
          name="category"
          label={t("infrastructure-field.category")}
          value={f.category}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`infrastructure-category.${c}`) }))}
        />
        <TrashedFilter id="infrastructure-trashed" value={f.trashed} />
      </ListFilters>

      {data.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ScrollBox label={t("infrastructure.admin-title")}>
        <table>
          <caption className={u.leftCaption}>{t("infrastructure.caption", { total: meta.total })}</caption>
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
                  <TrashOrRestore
                    id={row.id}
                    trashed={Boolean(row.deleted_at)}
                    deleteKey="infrastructure.delete-named"
                    restoreKey="infrastructure.restore-named"
                    values={{ name: row.name }}
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
