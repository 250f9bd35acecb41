import type { ReactNode } from "react";
import { ScrollBox } from "./ScrollBox";
import { stackRows } from "./stack-rows";
import { stackTable } from "~/styles/stack-table.css";
import * as u from "~/styles/utility.css";

/** A list's table that becomes a card per row on a phone; `action`: the index of the row's next-action column. */
export interface Stack {
  action?: number;
}

/** A table with its caption and column headers; `children` are its body rows; `stack`: a card per row on a phone. */
export function HeadedTable({ caption, columns, className, stack, children }: { caption: string; columns: string[]; className?: string; stack?: Stack; children: ReactNode }) {
  return (
    <table className={stack ? `${className ?? ""} ${stackTable}` : className}>
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
      <tbody>{stack ? stackRows(children, columns, stack.action) : children}</tbody>
    </table>
  );
}

/** A full-width table with its caption and column headers, scrolling in its own named box (`label`, else the caption) on narrow screens; `children` are its body rows. */
export function CaptionedTable({ label, caption, columns, stack, children }: { label?: string; caption: string; columns: string[]; stack?: Stack; children: ReactNode }) {
  return (
    <ScrollBox label={label ?? caption}>
      <HeadedTable caption={caption} columns={columns} className={u.fullTable} stack={stack}>
        {children}
      </HeadedTable>
    </ScrollBox>
  );
}
