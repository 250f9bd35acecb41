import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pagination, type PageMeta } from "./Pagination";
import { ScrollBox } from "./ScrollBox";
import * as u from "~/styles/utility.css";

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
        <ScrollBox label={label}>
          <table className={u.fullTable}>
            <caption className={u.leftCaption}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </ScrollBox>
      )}
      <Pagination meta={meta} />
    </>
  );
}
