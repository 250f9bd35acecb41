// The statistics per infrastructure as a download (docs/api.md#exports): the
// screen's table, one infrastructure a row, through the statistics' table writer.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { InfrastructureFigures } from "./ri.server";

const HEADER = [
  "Infrastructure", "Short name", "Applications", "Accepted", "Rejected", "Acceptance rate (%)",
  "Units requested", "Units granted", "Units delivered (physical)", "Units delivered (remote)",
];

export function infrastructureRows(list: InfrastructureFigures[]): Cell[][] {
  return list.map((r) => [
    r.name, r.short_name, r.applications, r.accepted, r.rejected, r.acceptance_rate === null ? null : Math.round(r.acceptance_rate * 1000) / 10,
    r.units_requested, r.units_granted, r.units_delivered_physical, r.units_delivered_remote,
  ]);
}

export const exportInfrastructureFigures = (list: InfrastructureFigures[], format: ExportFormat) =>
  exportTable("Infrastructures", HEADER, infrastructureRows(list), "infrastructures", format);
