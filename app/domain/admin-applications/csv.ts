// CSV as spreadsheets read it (RFC 4180: commas, CRLF, quotes doubled), safe to
// open: a text starting with = + - @ (or a tab or carriage return) would be
// taken for a formula by Excel or LibreOffice (CSV injection), so it gets a
// leading apostrophe, which they show as text.
export type Cell = string | number | boolean | null;

/** The byte order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: Cell): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;
