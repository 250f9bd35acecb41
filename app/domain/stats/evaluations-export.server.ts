// The evaluation statistics as downloads (docs/api.md#exports): each of the
// screen's three tables, all its rows, through the statistics' table writer.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import type { EvaluationTable } from "./evaluations";
import type { EvaluationStatistics } from "./evaluations.server";
import { exportTable } from "./key-export.server";

const round = (n: number | null, digits = 2) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function table(s: EvaluationStatistics, which: EvaluationTable): { sheet: string; header: string[]; rows: Cell[][] } {
  switch (which) {
    case "workload":
      return {
        sheet: "Evaluator workload",
        header: ["Evaluator", "E-mail", "Assigned", "Accepted", "Conflicts of interest", "Submitted", "Late"],
        rows: s.workload.map((r) => [r.name, r.email, r.assigned, r.accepted, r.conflicts, r.submitted, r.late]),
      };
    case "scores":
      return {
        sheet: "Score distributions",
        header: ["Criterion", ...s.scores.map((n) => `Score ${n}`), "Evaluations", "Mean"],
        rows: s.criteria.map((c) => [c.name, ...c.counts, c.evaluations, round(c.mean)]),
      };
    case "agreement":
      return {
        sheet: "Agreement",
        header: ["Application", "Acronym", "Title", "Call", "Evaluations", "Lowest score", "Highest score", "Spread", "Standard deviation"],
        rows: s.agreement.map((r) => [r.id, r.acronym, r.title, r.call, r.evaluations, round(r.min), round(r.max), round(r.spread), round(r.sd)]),
      };
  }
}

export function exportEvaluationTable(s: EvaluationStatistics, which: EvaluationTable, format: ExportFormat) {
  const t = table(s, which);
  return exportTable(t.sheet, t.header, t.rows, `evaluations-${which}`, format);
}
