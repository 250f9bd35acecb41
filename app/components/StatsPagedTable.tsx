import type { ComponentProps, ReactNode } from "react";
import { HeadedTable } from "~/components/CaptionedTable";
import { Pagination, type PageMeta } from "~/components/Pagination";
import { StatsTable } from "~/components/StatsFrame";

/**
 * A statistics screen's long list, a page at a time (the URL's `page`; its
 * download has every row): its heading and downloads, the page's rows under
 * their column headers in the scroll box, then the previous and next links.
 */
export function StatsPagedTable({ meta, caption, columns, children, ...table }: Omit<ComponentProps<typeof StatsTable>, "after" | "children"> & {
  meta: PageMeta;
  caption: string;
  columns: string[];
  /** The page's rows. */
  children: ReactNode;
}) {
  return (
    <StatsTable {...table} after={<Pagination meta={meta} />}>
      <HeadedTable caption={caption} columns={columns}>
        {children}
      </HeadedTable>
    </StatsTable>
  );
}
