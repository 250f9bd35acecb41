// Evaluation criteria and scores (docs/validation.md#evaluation). Pure: the call form and
// the evaluation form (in the browser) read it as well as the domain.

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
