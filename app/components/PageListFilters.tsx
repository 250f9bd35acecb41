import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldset, legend } from "./Form.css";
import { secondaryButton } from "~/styles/layout.css";

const field = { display: "flex", flexDirection: "column", gap: "0.25rem" } as const;

/**
 * The filters of the page and document lists: a GET form (works without
 * JavaScript) with search, status and trash, plus any extra fields (the
 * documents' tag). The sort is kept; the page goes back to the first.
 */
export function PageListFilters({
  legend: title,
  searchHint,
  submit,
  query,
  statuses,
  children,
}: {
  legend: string;
  searchHint: string;
  submit: string;
  query: Record<string, string | string[]>;
  statuses: { value: string; label: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const value = (key: string) => (typeof query[key] === "string" ? (query[key] as string) : "");
  return (
    <Form method="get" className={fieldset}>
      <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
        <legend className={legend}>{title}</legend>
        <div style={{ display: "flex", flexWrap: "wrap", gap: "1rem", alignItems: "flex-end" }}>
          <div style={field}>
            <label htmlFor="filter-q">{t("list.search")}</label>
            <input id="filter-q" type="search" name="q" defaultValue={value("q")} aria-describedby="filter-q-hint" />
            <span id="filter-q-hint" className="visually-hidden">
              {searchHint}
            </span>
          </div>
          <div style={field}>
            <label htmlFor="filter-status">{t("list.status")}</label>
            <select id="filter-status" name="status" defaultValue={value("status")}>
              <option value="">{t("list.all")}</option>
              {statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          {children}
          <div style={field}>
            <label htmlFor="filter-trashed">{t("list.trashed")}</label>
            <select id="filter-trashed" name="trashed" defaultValue={value("trashed")}>
              <option value="">{t("list.trashed-none")}</option>
              <option value="with">{t("list.trashed-with")}</option>
              <option value="only">{t("list.trashed-only")}</option>
            </select>
          </div>
          {value("sort_by") ? <input type="hidden" name="sort_by" value={value("sort_by")} /> : null}
          {value("order") ? <input type="hidden" name="order" value={value("order")} /> : null}
          <button type="submit" className={secondaryButton}>
            {submit}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
