// The funder report as a download (docs/api.md#exports): the workbook has a
// sheet per table of the screen (the main table, the users by each field, the
// projects' disciplines), the CSV the main table. A breakdown's value is in the
// exporter's language, its code (ISO country code, list value) beside it.
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import type { Sheet } from "../admin-applications/zip.server";
import { exportTable, exportWorkbook } from "./key-export.server";
import { countryName } from "../countries/country-names";
import { lookupLabel } from "../lookups/label";
import type { LookupList } from "../lookups/lists";
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

/** Where a breakdown's values are named: a lookup list, or the countries. */
const VALUES_OF: Record<FunderUserField | "disciplines", LookupList | "countries"> = {
  gender: "genders", nationality: "countries", work_country: "countries", researcher_status: "researcher-status",
  organization_type: "organization-type", disciplines: "activity-fields",
};

/** The labels of a download in a language: `t` for the lists, `lang` for the countries' names. */
export interface Labels {
  t: TFunction;
  lang: string;
}

/** A breakdown's rows: the infrastructure by name, the value's name ("Not given" when none) and its code, the counts. */
export function breakdownRows(r: FunderReport, field: FunderUserField | "disciplines", rows: FunderBreakdownRow[], { t, lang }: Labels): Cell[][] {
  const names = new Map(r.infrastructures.map((i) => [i.id, i.name]));
  const list = VALUES_OF[field];
  const valueName = (b: FunderBreakdownRow) =>
    b.value === null
      ? t("users.not-given")
      : list === "countries"
        ? countryName(b.value, lang)
        : lookupLabel(t, list, { value: b.value, label: b.label ?? b.value });
  return rows.map((b) => [names.get(b.infrastructure_id) ?? String(b.infrastructure_id), valueName(b), b.value, b.count, b.transnational]);
}

/** The sheets of the workbook, in the screen's order. */
export function funderSheets(r: FunderReport, labels: Labels): Sheet[] {
  return [
    { name: "Infrastructures", header: FUNDER_HEADER, rows: funderRows(r) },
    ...FUNDER_USER_FIELDS.map((f) => ({
      name: FIELD_TITLES[f][0], header: ["Infrastructure", FIELD_TITLES[f][1], "Code", "Users", "Transnational users"],
      rows: breakdownRows(r, f, r.users_by[f], labels),
    })),
    {
      name: "Disciplines",
      header: ["Infrastructure", "Discipline", "Code", "User projects", "Transnational user projects"],
      rows: breakdownRows(r, "disciplines", r.disciplines, labels),
    },
  ];
}

export const exportFunderReport = (r: FunderReport, format: ExportFormat, labels: Labels) =>
  format === "xlsx" ? exportWorkbook(funderSheets(r, labels), "funder-report") : exportTable("Infrastructures", FUNDER_HEADER, funderRows(r), "funder-report", format);
