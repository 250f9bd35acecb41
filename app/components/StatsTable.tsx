import type { ReactNode } from "react";
import * as u from "~/styles/utility.css";

/**
 * A statistics table: a caption (announced when the filter changes it, with
 * `live`), a header row, and per row a row header and its cells. Wide
 * tables scroll in the screen's ScrollBox.
 */
export function StatsTable<Row, Column extends string | number>({ caption, live = false, corner, columns, rows, rowKey, rowHeader, cell }: {
  caption: string;
  live?: boolean;
  /** The row headers' column. */
  corner: string;
  columns: { key: Column; label: ReactNode }[];
  rows: Row[];
  rowKey: (r: Row) => string | number;
  rowHeader: (r: Row) => ReactNode;
  cell: (r: Row, column: Column, at: number) => ReactNode;
}) {
  return (
    <table>
      <caption className={u.leftCaption} role={live ? "status" : undefined}>
        {caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">{corner}</th>
          {columns.map((c) => (
            <th key={c.key} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            <th scope="row">{rowHeader(r)}</th>
            {columns.map((c, at) => (
              <td key={c.key}>{cell(r, c.key, at)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
