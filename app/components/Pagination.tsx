import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import * as u from "~/styles/utility.css";

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

const withParam = (search: string, key: string, value: string) => {
  const params = new URLSearchParams(search);
  params.set(key, value);
  return `?${params}`;
};

/** Previous/next links that keep the list's other query parameters. */
export function Pagination({ meta }: { meta: PageMeta }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return (
    <nav aria-label={t("list.pagination")} className={u.pagination}>
      {meta.page > 1 ? <Link to={withParam(search, "page", String(meta.page - 1))}>{t("list.previous")}</Link> : null}
      <span>{t("list.page-of", { page: meta.page, pages, total: meta.total })}</span>
      {meta.page < pages ? <Link to={withParam(search, "page", String(meta.page + 1))}>{t("list.next")}</Link> : null}
    </nav>
  );
}

/**
 * A sortable column header: a link that sorts by the column, toggling the
 * order, with aria-sort telling the current state.
 */
export function SortHeader({ column, label, sortBy, order }: { column: string; label: string; sortBy: string; order: "asc" | "desc" }) {
  const { search } = useLocation();
  const active = sortBy === column;
  const params = new URLSearchParams(search);
  params.set("sort_by", column);
  params.set("order", active && order === "asc" ? "desc" : "asc");
  params.delete("page");
  return (
    <th scope="col" aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={`?${params}`}>
        {label}
        {active ? (order === "asc" ? " ▲" : " ▼") : null}
      </Link>
    </th>
  );
}
