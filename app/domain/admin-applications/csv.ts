// CSV as spreadsheets read it (RFC 4180: commas, CRLF, quotes doubled), safe to
// open: a text starting with = + - @ (or a tab or carriage return) would be
// taken for a formula by Excel or LibreOffice (CSV injection), so it gets a
// leading apostrophe, which they show as text.
/** A calendar day (yyyy-MM-dd): a date cell without a time in a workbook. */
export interface Day {
  day: string;
}
/** A Date is a moment: ISO 8601 in UTC here, the portal's wall clock in a workbook (zip.server.ts). */
export type Cell = string | number | boolean | Date | Day | null;

/** The byte order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: Cell): string {
  if (value === null) return "";
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : "";
  if (typeof value === "object") return value.day;
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;
