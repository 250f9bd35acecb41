// The funder report as a download (docs/api.md#exports): the workbook has a
// sheet per table of the screen (the main table, the users by each field, the
// projects' disciplines), the CSV the main table.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import type { Sheet } from "../admin-applications/zip.server";
import { exportTable, exportWorkbook } from "./key-export.server";
import { FUNDER_USER_FIELDS, type FunderBreakdownRow, type FunderReport, type FunderUserField } from "./funder.server";

export const FUNDER_HEADER = [
  "Infrastructure", "Short name", "Installation", "Country", "User projects", "Transnational user projects",
  "Users", "Transnational users", "Other users", "New users", "Units delivered (physical)", "Units delivered (remote)",
];

const FIELD_TITLES: Record<FunderUserField, [sheet: string, column: string]> = {
  gender: ["Users by gender", "Gender"],
  nationality: ["Users by nationality", "Nationality"],
  work_country: ["Users by home institution", "Home institution country"],
  researcher_status: ["Users by researcher status", "Researcher status"],
  organization_type: ["Users by organization type", "Organization type"],
};

export function funderRows(r: FunderReport): Cell[][] {
  return r.infrastructures.map((i) => [
    i.name, i.short_name, i.installation_name, i.country, i.projects, i.transnational_projects,
    i.users, i.transnational_users, i.other_users, i.new_users, i.units_physical, i.units_remote,
  ]);
}

/** A breakdown's rows: the infrastructure by name, the value's name ("Not given" when none), the counts. */
export function breakdownRows(r: FunderReport, rows: FunderBreakdownRow[]): Cell[][] {
  const names = new Map(r.infrastructures.map((i) => [i.id, i.name]));
  return rows.map((b) => [names.get(b.infrastructure_id) ?? String(b.infrastructure_id), b.label ?? "Not given", b.count, b.transnational]);
}

/** The sheets of the workbook, in the screen's order. */
export function funderSheets(r: FunderReport): Sheet[] {
  return [
    { name: "Infrastructures", header: FUNDER_HEADER, rows: funderRows(r) },
    ...FUNDER_USER_FIELDS.map((f) => ({
      name: FIELD_TITLES[f][0], header: ["Infrastructure", FIELD_TITLES[f][1], "Users", "Transnational users"], rows: breakdownRows(r, r.users_by[f]),
    })),
    { name: "Disciplines", header: ["Infrastructure", "Discipline", "User projects", "Transnational user projects"], rows: breakdownRows(r, r.disciplines) },
  ];
}

export const exportFunderReport = (r: FunderReport, format: ExportFormat) =>
  format === "xlsx" ? exportWorkbook(funderSheets(r), "funder-report") : exportTable("Infrastructures", FUNDER_HEADER, funderRows(r), "funder-report", format);
