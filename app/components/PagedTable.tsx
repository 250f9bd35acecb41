import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pagination, type PageMeta } from "./Pagination";
import { CaptionedTable } from "./CaptionedTable";

/**
 * A read-only list page's table: "nothing found" when empty, else the table in
 * a named scrolling region with its caption and column headers; then paging.
 */
export function PagedTable({ label, caption, columns, meta, empty, children }: { label: string; caption: string; columns: string[]; meta: PageMeta; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {empty ? (
        <p>{t("list.empty")}</p>
      ) : (
        <CaptionedTable label={label} caption={caption} columns={columns}>
          {children}
        </CaptionedTable>
      )}
      <Pagination meta={meta} />
    </>
  );
}
