// The data management plans as a download (docs/api.md#exports): every row the
// screen pages through, streamed from a cursor, with each plan present or
// missing and its file's name (no links: a file is read in the portal).
import type { TFunction } from "i18next";
import type { Db } from "~/db/database.server";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportRows } from "../admin-applications/export.server";
import { dmpRows, type DmpRow, type PlanFile } from "./dmp.server";
import type { StatsFilter } from "./query.server";

const HEADER: string[] = ["Number", "Acronym", "Title", "Call", "Status", "Status code", "Draft plan", "Draft plan file", "Final plan", "Final plan file"];

const presence = (p: PlanFile | null): Cell[] => [p ? "present" : "missing", p?.name ?? null];

export const dmpCells =
  (t: TFunction) =>
  (r: DmpRow): Cell[] => [r.id, r.acronym, r.title, r.call_title, t(`applications.status.${r.status}`), r.status, ...presence(r.draft), ...presence(r.final)];

/** The download of the plans of every application the filter keeps; only the header when the setting is off. */
export function exportDataManagementPlans(db: Db, f: StatsFilter, asked: boolean, format: ExportFormat, t: TFunction) {
  const query = asked ? dmpRows(db, f) : dmpRows(db, f).where(({ lit }) => lit(false));
  return exportRows(db, query, { sheet: "Data management plans", header: HEADER, cells: dmpCells(t), name: "data-management-plans" }, format);
}
