import type { ReactNode } from "react";
import { ScrollBox } from "./ScrollBox";
import * as u from "~/styles/utility.css";

/** A table with its caption and column headers; `children` are its body rows. */
export function HeadedTable({ caption, columns, className, children }: { caption: string; columns: string[]; className?: string; children: ReactNode }) {
  return (
    <table className={className}>
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
  );
}

/** A full-width table with its caption and column headers, scrolling in its own named box (`label`, else the caption) on narrow screens; `children` are its body rows. */
export function CaptionedTable({ label, caption, columns, children }: { label?: string; caption: string; columns: string[]; children: ReactNode }) {
  return (
    <ScrollBox label={label ?? caption}>
      <HeadedTable caption={caption} columns={columns} className={u.fullTable}>
        {children}
      </HeadedTable>
    </ScrollBox>
  );
}
