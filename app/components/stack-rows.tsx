import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cellValue } from "~/styles/stack-table.css";

type CellProps = {
  children?: ReactNode;
  "data-label"?: string;
  "data-action"?: string;
};

/**
 * A table's body rows with each cell labelled by its column (data-label) and
 * its content in one box, so that on a phone the row is a card of "label:
 * value" lines (stack-table.css.ts); `action`: the index of the column whose
 * links are the row's next action (drawn full width there). Rows and cells
 * written as elements (`<tr>` of `<td>`s) are labelled; anything else passes as it is.
 */
export function stackRows(rows: ReactNode, columns: string[], action?: number): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    let i = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement<CellProps>(cell) || (cell.type !== "td" && cell.type !== "th")) return cell;
      const index = i++;
      return stackCell(cell as ReactElement<CellProps>, columns[index], index === action);
    });
    return cloneElement(row, {}, cells);
  });
}

/** One cell, labelled: its content wrapped in one box beside the label. */
export function stackCell(cell: ReactElement<CellProps>, label: string | undefined, action: boolean) {
  return cloneElement(cell, { "data-label": label, "data-action": action ? "" : undefined }, <div className={cellValue}>{cell.props.children}</div>);
}
