// The access calendar as a download (docs/api.md#exports): every access of
// the calendar, one a row, through the statistics' table writer.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { TimelineAccess } from "./timeline.server";

const HEADER: Cell[] = ["Application", "Acronym", "Infrastructure", "Member", "Type", "From", "To", "Units", "Status"];

export const timelineRows = (list: TimelineAccess[]): Cell[][] =>
  list.map((r) => [r.application_id, r.acronym, r.infrastructure, r.member, r.type, r.date_from, r.date_to, r.units, r.status]);

export const exportTimeline = (list: TimelineAccess[], format: ExportFormat) => exportTable("Access calendar", HEADER, timelineRows(list), "access-calendar", format);
