import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as infrastructures from "~/api/infrastructures/contract";
import { INFRASTRUCTURE_CATEGORIES } from "~/domain/infrastructures/infrastructure-lookups";
import { listFilters, listQuery, oneOf } from "~/forms/list-query";
import { countryOptionList } from "~/lib/countries.server";
import { listLoader, listRowAction } from "~/forms/admin-list.server";
import { ListFilters, ListHeading, ListTable, SearchFilter, SelectFilter, TrashedFilter, TrashOrRestore } from "~/components/AdminList";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("infrastructure.admin-title");

const SORTABLE = ["name", "short_name", "country", "category"] as const;
const CATEGORIES = INFRASTRUCTURE_CATEGORIES.map((c) => c.value);

/** The URL's filters, less any value the API would refuse (listFilters). */
function filters(request: Request) {
  const q = listQuery(request, ["q", "country", "category", "trashed", "sort_by", "order", "page"]);
  return {
    ...listFilters(q, { columns: SORTABLE, by: "name", order: "asc" }),
    country: typeof q.country === "string" && /^[A-Z]{2}$/.test(q.country) ? q.country : undefined,
    category: oneOf(q.category, CATEGORIES),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "/admin/infrastructure", async (client) => {
    const f = filters(request);
    const [list, countries] = await Promise.all([client.read(infrastructures.list, { query: f }), countryOptionList(request)]);
    return { ...list, countries, filters: f };
  });
}

/** The delete and restore buttons post here (intent), then return to the list as it was. */
export async function action({ request }: ActionFunctionArgs) {
  return listRowAction(request, { screen: "/admin/infrastructure", operations: infrastructures, deleted: "infrastructure.deleted", restored: "infrastructure.restored" });
}

/** /admin/infrastructure: every research infrastructure, filtered, sorted and paged. */
export default function AdminInfrastructures() {
  const { data, meta, countries, filters: f } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const countryName = new Map(countries.map((c) => [c.value, c.label]));
  const sortable = (c: (typeof SORTABLE)[number]) => ({ sort: c, label: t(`infrastructure-field.${c}`) });
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
      <ListTable
        label={t("infrastructure.admin-title")}
        caption={{ text: t("infrastructure.caption", { total: meta.total }) }}
        rows={data}
        meta={meta}
        sortBy={f.sort_by}
        order={f.order}
        columns={[
          {
            ...sortable("name"),
            cell: (row) => (
              <>
                {row.deleted_at ? row.name : <Link to={`/admin/infrastructure/${row.id}/update`}>{row.name}</Link>}
                {row.deleted_at ? <> ({t("infrastructure.deleted-badge")})</> : null}
              </>
            ),
          },
          { ...sortable("short_name"), cell: (row) => row.short_name ?? "—" },
          { ...sortable("country"), cell: (row) => (row.country ? (countryName.get(row.country) ?? row.country) : "—") },
          { ...sortable("category"), cell: (row) => (row.category ? t(`infrastructure-category.${row.category}`) : "—") },
          { label: t("infrastructure-field.manager_id"), cell: (row) => row.manager?.display_name ?? t("infrastructure.no-manager") },
          { label: t("infrastructure.periods"), cell: (row) => row.periods.length },
          {
            label: t("list.actions"),
            action: true,
            cell: (row) => (
              <TrashOrRestore id={row.id} trashed={Boolean(row.deleted_at)} deleteKey="infrastructure.delete-named" restoreKey="infrastructure.restore-named" values={{ name: row.name }} />
            ),
          },
        ]}
      />
    </>
  );
}
