// The project statistics as a download (docs/api.md#exports): the screen's
// tables in one, each row naming its dimension (Status, Call, Discipline,
// Keyword, Working region, Month), so a spreadsheet filters or pivots on it.
// Code is what the portal stores (status, call number, list value, yyyy-MM),
// Value what a reader reads (the call's title, the list's English label).
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { LookupCount, ProjectFigures } from "./project.server";

const HEADER: Cell[] = ["Dimension", "Code", "Value", "Applications"];

const lookupRows = (dimension: string, rows: LookupCount[]): Cell[][] =>
  rows.map((r) => [dimension, r.value, r.value === null ? "Not given" : (r.label ?? r.value), r.applications]);

export function projectRows(p: ProjectFigures): Cell[][] {
  return [
    ...p.statuses.map((r) => ["Status", r.status, r.status, r.applications]),
    ...p.calls.map((r) => ["Call", r.id, r.title, r.applications]),
    ...lookupRows("Discipline", p.disciplines),
    ...lookupRows("Keyword", p.keywords),
    ...lookupRows("Working region", p.working_regions),
    ...p.months.map((r) => ["Month", r.month, r.month, r.applications]),
  ];
}

export const exportProjectFigures = (p: ProjectFigures, format: ExportFormat) => exportTable("Projects", HEADER, projectRows(p), "projects", format);
