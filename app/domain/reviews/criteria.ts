// Evaluation criteria and scores (docs/validation.md#evaluation). Pure: the call form and
// the evaluation form (in the browser) read it as well as the domain.
import type { FieldErrors } from "../field-errors";

/** The four criteria every call has unless its editors chose others; `key` names them in the locales (reviews.criteria.<key>). */
export const DEFAULT_CRITERIA = [
  { key: "scientific-excellence", name: "Scientific excellence" },
  { key: "methodology-feasibility", name: "Methodology and feasibility" },
  { key: "expected-impact", name: "Expected impact" },
  { key: "team-competence", name: "Team competence" },
] as const;

export interface Criterion {
  id: number;
  key: string | null;
  name: string;
}

/** An evaluation's scores: per criterion id, the score and its justification. */
export type Scores = Record<string, { score?: number; justification?: string }>;

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const JUSTIFICATION_MAX = 2000;
export const NOTE_MAX = 2000;

/** A score the call takes: 1 to 5, whole points, or half points when the call's half_point_rating is on. */
export function scoreAllowed(score: number, halves: boolean): boolean {
  if (!Number.isFinite(score) || score < SCORE_MIN || score > SCORE_MAX) return false;
  return Number.isInteger(halves ? score * 2 : score);
}

/** The message key of a refused score: out of range, or a half point on a call without halves. */
export function scoreError(score: number, halves: boolean): string | undefined {
  if (scoreAllowed(score, halves)) return undefined;
  if (Number.isFinite(score) && score >= SCORE_MIN && score <= SCORE_MAX && Number.isInteger(score * 2)) return "reviews.validation.score-half";
  return "reviews.validation.score-range";
}

/** The scores a call offers, as the evaluation form lists them. */
export const scoreSteps = (halves: boolean): number[] =>
  halves ? [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] : [1, 2, 3, 4, 5];

/**
 * The scores' errors against the call: criteria it has, scores it takes, and on
 * submit every criterion scored and justified. The API refuses by it, and the
 * evaluation screen checks a submission by it before asking to confirm.
 */
export function scoreErrors(scores: Scores, criteria: Criterion[], halves: boolean, submit: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const ids = new Set(criteria.map((c) => String(c.id)));
  if (Object.keys(scores).some((k) => !ids.has(k))) errors.scores = ["reviews.validation.criterion"];
  for (const c of criteria) {
    const s = scores[String(c.id)] ?? {};
    const scoreMessage = s.score === undefined ? (submit ? "validation.required" : undefined) : scoreError(s.score, halves);
    if (scoreMessage) errors[`scores.${c.id}.score`] = [scoreMessage];
    if (submit && !s.justification) errors[`scores.${c.id}.justification`] = ["validation.required"];
  }
  return errors;
}
