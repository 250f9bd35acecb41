// The feedback survey's tables as downloads (docs/api.md#exports): the
// scores' distribution and the recommend choice (a few rows, made whole), and
// every free-text answer (streamed from a cursor, as the staff list's download).
import type { TFunction } from "i18next";
import type { Db } from "~/db/database.server";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportRows } from "../admin-applications/export.server";
import { FEEDBACK_SCORES, type FeedbackQuestion } from "./feedback";
import { feedbackAnswersQuery, type FeedbackAnswer, type RecommendFigures, type ScoreDistribution } from "./feedback.server";
import { exportTable } from "./key-export.server";
import type { StatsFilter } from "./query.server";

const QUESTIONS: Record<FeedbackQuestion, string> = { coordination: "Coordination", infrastructure: "Infrastructure", overall: "Overall experience" };
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export function scoreRows(scores: ScoreDistribution[]): Cell[][] {
  return scores.map((s) => [QUESTIONS[s.question], ...s.counts, s.answered, s.mean === null ? null : Math.round(s.mean * 100) / 100]);
}

/** The choices, labelled in `t`'s language, their codes beside them (none for a report that chose nothing). */
export function recommendRows(r: RecommendFigures, t: TFunction): Cell[][] {
  return [
    [t("stats.feedback.choices.yes"), "yes", r.yes, percent(r.share)],
    [t("stats.feedback.choices.no"), "no", r.no, percent(r.share === null ? null : 1 - r.share)],
    [t("stats.feedback.choices.unanswered"), null, r.unanswered, null],
  ];
}

export const exportScores = (scores: ScoreDistribution[], format: ExportFormat) =>
  exportTable("Feedback scores", ["Question", ...FEEDBACK_SCORES.map(String), "Answered", "Mean"], scoreRows(scores), "feedback-scores", format);

export const exportRecommend = (r: RecommendFigures, format: ExportFormat, t: TFunction) =>
  exportTable("Would recommend", ["Would recommend", "Code", "Reports", "Share of those who chose (%)"], recommendRows(r, t), "feedback-recommend", format);

const answerCells = (a: FeedbackAnswer): Cell[] => [a.application_id, a.acronym, a.title, a.call_title, QUESTIONS[a.question], a.text];

export const exportAnswers = (db: Db, f: StatsFilter, format: ExportFormat) =>
  exportRows<FeedbackAnswer>(
    db,
    feedbackAnswersQuery(db, f),
    { sheet: "Feedback answers", header: ["Application", "Acronym", "Title", "Call", "Question", "Answer"], cells: answerCells, name: "feedback-answers" },
    format,
  );
