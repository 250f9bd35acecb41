// The access calendar as a download (docs/api.md#exports): every access of
// the calendar, one a row, through the statistics' table writer.
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { TimelineAccess } from "./timeline.server";

const HEADER: Cell[] = ["Application", "Acronym", "Infrastructure", "Member", "Type", "Type code", "From", "To", "Units", "Status", "Status code"];

/** The rows, each code (access type, access status) with its label in `t`'s language beside it. */
export const timelineRows = (list: TimelineAccess[], t: TFunction): Cell[][] =>
  list.map((r) => [
    r.application_id, r.acronym, r.infrastructure, r.member, t(`stats.timeline.types.${r.type}`), r.type, r.date_from, r.date_to, r.units,
    t(`admin-applications.accesses-status.${r.status}`), r.status,
  ]);

export const exportTimeline = (list: TimelineAccess[], format: ExportFormat, t: TFunction) =>
  exportTable("Access calendar", HEADER, timelineRows(list, t), "access-calendar", format);
