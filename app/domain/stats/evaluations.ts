// The evaluation statistics' tables (docs/data.md#evaluation-statistics), free
// of zod: the screen names them in its download links.

/** The screen's tables, each a download of its own (table=…). */
export const EVALUATION_TABLES = ["workload", "scores", "agreement"] as const;
export type EvaluationTable = (typeof EVALUATION_TABLES)[number];

/** Evaluations further apart than this (points, the mean of an evaluation's scores) disagree. */
export const DISAGREEMENT_POINTS = 1;
