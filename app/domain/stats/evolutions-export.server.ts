// The evolutions as a download (docs/api.md#exports): the screen's table, one
// call or year a row, through the statistics' table writer.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import type { AccessStatus } from "../applications/access-status";
import type { EvolutionBy } from "./evolutions";
import type { EvolutionRow } from "./evolutions.server";
import { exportTable } from "./key-export.server";

const ACCESSES: Record<AccessStatus, string> = { proposed: "requested", user_reported: "reported by the applicants", sm_reported: "confirmed by the infrastructures" };

export function evolutionHeader(by: EvolutionBy, accesses: AccessStatus): string[] {
  return [
    ...(by === "call" ? ["Call id", "Call"] : ["Year"]),
    "Submitted", "Eligible", "Granted", "Reported", `Accesses ${ACCESSES[accesses]}`, `Units ${ACCESSES[accesses]}`,
  ];
}

export function evolutionRows(rows: EvolutionRow[], by: EvolutionBy): Cell[][] {
  return rows.map((r) => [...(by === "call" ? [r.key, r.title] : [r.key]), r.submitted, r.eligible, r.granted, r.reported, r.accesses, r.units]);
}

export const exportEvolutions = (rows: EvolutionRow[], by: EvolutionBy, accesses: AccessStatus, format: ExportFormat) =>
  exportTable(by === "call" ? "Evolutions per call" : "Evolutions per year", evolutionHeader(by, accesses), evolutionRows(rows, by), `evolutions-per-${by}`, format);
