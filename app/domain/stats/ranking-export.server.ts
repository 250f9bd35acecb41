// The application ranking as a download (docs/api.md#exports): the ranking
// table, every application a row, call after call in the screen's order and
// rank order within each, through the statistics' table writer. The calls
// may score on different criteria: each criterion met is one column, empty
// for the applications of a call that does not score on it.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { Ranking, RankingCriterion } from "./ranking.server";

const HEADER: Cell[] = ["Call", "Rank in call", "Overall rank", "Application", "Acronym", "Title", "Status", "Mean score", "Evaluations", "Panel recommendation"];

export function rankingRows({ calls }: Ranking): { header: Cell[]; rows: Cell[][] } {
  const criteria = new Map<number, RankingCriterion>();
  for (const c of calls) for (const k of c.criteria) if (!criteria.has(k.id)) criteria.set(k.id, k);
  const columns = [...criteria.values()];
  return {
    header: [...HEADER, ...columns.map((k) => `Mean: ${k.name}`)],
    rows: calls.flatMap((c) =>
      c.applications.map((a) => {
        const means = new Map(a.criteria.map((k) => [k.id, k.mean]));
        return [
          c.title, a.rank, a.overall_rank, a.id, a.acronym, a.title, a.status, a.mean_score, a.evaluations, a.recommendation,
          ...columns.map((k) => means.get(k.id) ?? null),
        ];
      }),
    ),
  };
}

export function exportRanking(ranking: Ranking, format: ExportFormat) {
  const { header, rows } = rankingRows(ranking);
  return exportTable("Application ranking", header, rows, "application-ranking", format);
}
