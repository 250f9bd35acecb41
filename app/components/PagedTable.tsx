import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pagination, type PageMeta } from "./Pagination";
import { CaptionedTable } from "./CaptionedTable";

/**
 * A read-only list page's table: "nothing found" when empty, else the table in
 * a named scrolling region with its caption and column headers, a card per
 * row on a phone (`action`: the index of the row's next-action column); then paging.
 */
export function PagedTable({ label, caption, columns, meta, empty, action, children }: { label: string; caption: string; columns: string[]; meta: PageMeta; empty: boolean; action?: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {empty ? (
        <p>{t("list.empty")}</p>
      ) : (
        <CaptionedTable label={label} caption={caption} columns={columns} stack={{ action }}>
          {children}
        </CaptionedTable>
      )}
      <Pagination meta={meta} />
    </>
  );
}
