// The project statistics as a download (docs/api.md#exports): the screen's
// tables in one, each row naming its dimension (Status, Call, Discipline,
// Keyword, Working region, Month), so a spreadsheet filters or pivots on it.
// Code is what the portal stores (status, call number, list value, yyyy-MM),
// Value what a reader reads in the exporter's language (a status's label, the
// call's title, the list's label).
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { LookupCount, ProjectFigures } from "./project.server";
import { lookupLabel } from "../lookups/label";
import type { LookupList } from "../lookups/lists";

const HEADER: Cell[] = ["Dimension", "Code", "Value", "Applications"];

const lookupRows = (t: TFunction, dimension: string, list: LookupList, rows: LookupCount[]): Cell[][] =>
  rows.map((r) => [dimension, r.value, r.value === null ? t("stats.project.not-given") : lookupLabel(t, list, { value: r.value, label: r.label ?? r.value }), r.applications]);

export function projectRows(p: ProjectFigures, t: TFunction): Cell[][] {
  return [
    ...p.statuses.map((r) => ["Status", r.status, t(`applications.status.${r.status}`), r.applications]),
    ...p.calls.map((r) => ["Call", r.id, r.title, r.applications]),
    ...lookupRows(t, "Discipline", "activity-fields", p.disciplines),
    ...lookupRows(t, "Keyword", "activity-keywords", p.keywords),
    ...lookupRows(t, "Working region", "working-region", p.working_regions),
    ...p.months.map((r) => ["Month", r.month, r.month, r.applications]),
  ];
}

export const exportProjectFigures = (p: ProjectFigures, format: ExportFormat, t: TFunction) =>
  exportTable("Projects", HEADER, projectRows(p, t), "projects", format);
