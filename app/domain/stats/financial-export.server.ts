// The statistics of costs as a download (docs/api.md#exports): the screen's
// tables as one, the first column naming the grouping (the total first, then
// per cost label, per infrastructure, per call), through the statistics'
// table writer. Amounts are numbers in euros.
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { lookupLabel } from "../lookups/label";
import { exportTable } from "./key-export.server";
import type { CostDimension, CostFigures, CostRow, CostStatistics } from "./financial.server";

const HEADER: string[] = [
  "Grouping", "Name", "Applications", "Members", "Requested (EUR)", "Requested per application (EUR)", "Requested per member (EUR)",
  "Granted applications", "Granted members", "Granted (EUR)", "Granted per application (EUR)", "Granted per member (EUR)", "Budget granted (EUR)",
];

const GROUPING: Record<CostDimension, string> = { label: "Cost label", infrastructure: "Infrastructure", call: "Call" };

const figures = (r: CostFigures): Cell[] => [
  r.applications, r.members, r.requested, r.requested_per_application, r.requested_per_member,
  r.granted_applications, r.granted_members, r.granted, r.granted_per_application, r.granted_per_member, r.budget_granted,
];

/** A row's name as the screen reads it, in `t`'s language: an unknown cost label by its value, an empty one "Not given". */
function nameOf(d: CostDimension, r: CostRow, t: TFunction): string {
  if (d === "label") return r.key === "" ? t("stats.financial.not-given") : lookupLabel(t, "cost-labels", { value: r.key, label: r.name ?? r.key });
  if (d === "infrastructure" && r.short_name) return `${r.name} (${r.short_name})`;
  return r.name ?? r.key;
}

export function costRows(s: CostStatistics, t: TFunction): Cell[][] {
  const by: Record<CostDimension, CostRow[]> = { label: s.by_label, infrastructure: s.by_infrastructure, call: s.by_call };
  return [
    ["Total", "All applications", ...figures(s.total)],
    ...(Object.keys(GROUPING) as CostDimension[]).flatMap((d) => by[d].map((r) => [GROUPING[d], nameOf(d, r, t), ...figures(r)])),
  ];
}

export const exportCostStatistics = (s: CostStatistics, format: ExportFormat, t: TFunction) => exportTable("Costs", HEADER, costRows(s, t), "costs", format);
