// The application ranking as a download (docs/api.md#exports): the ranking
// table, every application a row, call after call in the screen's order and
// rank order within each, through the statistics' table writer. The calls
// may score on different criteria: each criterion met is one column, empty
// for the applications of a call that does not score on it.
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportTable } from "./key-export.server";
import type { Ranking, RankingCriterion } from "./ranking.server";

const HEADER: Cell[] = ["Call", "Rank in call", "Overall rank", "Application", "Acronym", "Title", "Status", "Status code", "Mean score", "Evaluations", "Panel recommendation", "Panel recommendation code"];

/** The rows, each code with its label in `t`'s language beside it. */
export function rankingRows({ calls }: Ranking, t: TFunction): { header: Cell[]; rows: Cell[][] } {
  const criteria = new Map<number, RankingCriterion>();
  for (const c of calls) for (const k of c.criteria) if (!criteria.has(k.id)) criteria.set(k.id, k);
  const columns = [...criteria.values()];
  return {
    header: [...HEADER, ...columns.map((k) => `Mean: ${k.name}`)],
    rows: calls.flatMap((c) =>
      c.applications.map((a) => {
        const means = new Map(a.criteria.map((k) => [k.id, k.mean]));
        return [
          c.title, a.rank, a.overall_rank, a.id, a.acronym, a.title, t(`applications.status.${a.status}`), a.status, a.mean_score, a.evaluations,
          t(`stats.ranking.recommendation.${a.recommendation}`), a.recommendation,
          ...columns.map((k) => means.get(k.id) ?? null),
        ];
      }),
    ),
  };
}

export function exportRanking(ranking: Ranking, format: ExportFormat, t: TFunction) {
  const { header, rows } = rankingRows(ranking, t);
  return exportTable("Application ranking", header, rows, "application-ranking", format);
}
