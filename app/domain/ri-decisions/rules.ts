// docs/validation.md#infrastructure-decision: what an infrastructure's decision on
// one application infrastructure must hold. No zod and no server code: the
// API's write and the decision form read the same rules.

/** The ri_status of docs/lifecycle.md#other-statuses: where the reader's decisions on an application stand. */
export const RI_STATUSES = ["submit", "pending", "all"] as const;
export type RiStatus = (typeof RI_STATUSES)[number];

/** The most units a decision may grant (as an access may request, accesses.ts). */
export const UNITS_MAX = 100_000;
/** The most participants (a sanity bound far above any team). */
export const PARTICIPANTS_MAX = 1000;
/** numeric(12,2): below ten thousand million euro. */
export const BUDGET_MAX = 9_999_999_999.99;

export const DECISION_FIELDS = ["sm_accepted", "sm_units", "sm_participants", "sm_budget", "sm_justification"] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

/** A whole number from JSON or a form ("12"), within [0, max]; undefined when it is none. */
export function wholeOf(v: unknown, max: number): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
}

/** An amount in euro from JSON (12.5) or a form ("12,50"), at most two decimals, within [0, BUDGET_MAX]. */
export function euroOf(v: unknown): number | undefined {
  let n = NaN;
  if (typeof v === "number") n = Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 ? v : NaN;
  else if (typeof v === "string" && /^\s*\d{1,10}([.,]\d{1,2})?\s*$/.test(v)) n = Number(v.trim().replace(",", "."));
  return Number.isFinite(n) && n >= 0 && n <= BUDGET_MAX ? n : undefined;
}

export interface DecisionInput {
  sm_accepted?: boolean;
  sm_units?: unknown;
  sm_participants?: unknown;
  sm_budget?: unknown;
  sm_justification?: string;
}

/**
 * The fields a decision misses: every one is required when the application
 * infrastructure has eligible accesses; without any, the decision may be
 * recorded as it is (nothing is hosted).
 */
export function missingFields(input: DecisionInput, hasEligibleAccesses: boolean): Record<string, string[]> {
  if (!hasEligibleAccesses) return {};
  const errors: Record<string, string[]> = {};
  for (const f of DECISION_FIELDS) {
    const v = input[f];
    if (v === undefined || (typeof v === "string" && v.trim() === "")) errors[f] = ["validation.required"];
  }
  return errors;
}
