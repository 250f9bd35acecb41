// The key indicators as a download (docs/api.md#exports): the table of the
// screen, one indicator a row, through the staff list's CSV and XLSX writers
// (a text that would read as a formula is neutralised there).
import type { ExportFormat } from "../admin-applications/columns";
import { BOM, csvLine, type Cell } from "../admin-applications/csv";
import { EXPORT_TYPES } from "../admin-applications/export.server";
import { xlsxWorkbook, type Sheet } from "../admin-applications/zip.server";
import { portalDay } from "../dates";
import { KEY_INDICATORS, type KeyIndicator } from "./filter";
import type { KeyIndicators } from "./key.server";

const HEADER = ["Indicator", "Value"];

const LABELS: Record<KeyIndicator, string> = {
  calls: "Calls",
  applications: "Applications",
  success_rate: "Success rate (%)",
  applicants: "Applicants",
  members: "Members",
  countries: "Countries reached",
  units_delivered: "Units delivered",
  median_days_to_decision: "Median days from submission to decision",
  median_days_to_grant: "Median days from submission to grant",
};

/** The table's rows: a rate in percent (one decimal), an indicator without data empty. */
export function keyIndicatorRows(k: KeyIndicators): Cell[][] {
  return KEY_INDICATORS.map((key) => {
    const value = k[key];
    return [LABELS[key], key === "success_rate" && value !== null ? Math.round(value * 1000) / 10 : value];
  });
}

async function bytes(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return Buffer.concat(out);
}

/** A statistics table as a download (a few hundred rows at most: made whole, then sent), named `<name>-<today>.<format>`. */
export async function exportTable(sheet: string, header: readonly Cell[], rows: Cell[][], name: string, format: ExportFormat) {
  if (format === "xlsx") return exportWorkbook([{ name: sheet, header: header.map((h) => (h === null ? "" : String(h))), rows }], name);
  const body = Buffer.from(BOM + [header, ...rows].map(csvLine).join(""), "utf8");
  return { body: new Uint8Array(body), type: EXPORT_TYPES[format], filename: `${name}-${portalDay(new Date())}.${format}` };
}

/** Statistics tables as one XLSX workbook, a sheet each, named `<name>-<today>.xlsx`. */
export async function exportWorkbook(sheets: Sheet[], name: string) {
  const body = await bytes(xlsxWorkbook(sheets));
  return { body: new Uint8Array(body), type: EXPORT_TYPES.xlsx, filename: `${name}-${portalDay(new Date())}.xlsx` };
}

/** The download of the key indicators. */
export const exportKeyIndicators = (k: KeyIndicators, format: ExportFormat) => exportTable("Key indicators", HEADER, keyIndicatorRows(k), "key-indicators", format);
