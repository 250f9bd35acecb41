// docs/validation.md#panel-recommendation: what the panel's recommendation of one
// application must hold. No zod and no server code: the API's write and the
// editor's form read the same rules (the form shows them before posting).

/** The most units a recommendation may name (as an access may request). */
export const UNITS_MAX = 100_000;
/** The most participants (a sanity bound far above any team). */
export const PARTICIPANTS_MAX = 1000;
/** ta_budget is numeric(12,2): below ten thousand million euro. */
export const BUDGET_MAX = 9_999_999_999.99;
/** The recommendation text and the panel's notes. */
export const NOTE_MAX = 2000;
/** The most application infrastructures one body may name (an application requests at most 10). */
export const INFRASTRUCTURES_MAX = 20;

/** The one status in which the panel's recommendation is recorded (docs/lifecycle.md#panel-recommendation). */
export const RECOMMENDING_STATUS = "under-evaluation";

export const FIGURE_FIELDS = ["ta_units", "ta_participants", "ta_budget"] as const;

/** One application infrastructure's recommendation, as sent (absent = not given). */
export interface RecommendationItem {
  id: number;
  ta_recommended?: boolean;
  ta_units?: number;
  ta_participants?: number;
  ta_budget?: number;
  ta_recommendation?: string;
}

/** What the rules need to know of an application infrastructure. */
export interface RecommendedInfrastructure {
  id: number;
  has_eligible_accesses: boolean | null;
  ta_recommended: boolean | null;
}

const blank = (v: string | undefined) => v === undefined || v.trim() === "";

/** Field names of an item's errors as zod names them (`infrastructures[0].ta_units`), so the form places both alike. */
export const itemField = (index: number, field: string) => `infrastructures[${index}].${field}`;

/**
 * The rules of one item: the recommendation text is required when
 * recommended; the flag and the figures when the infrastructure has eligible
 * accesses (without any, nothing will be hosted and the panel may say nothing).
 */
export function itemErrors(item: RecommendationItem, eligible: boolean, index: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (item.ta_recommended === true && blank(item.ta_recommendation)) errors[itemField(index, "ta_recommendation")] = ["recommendation.errors.text-required"];
  if (eligible) {
    if (item.ta_recommended === undefined) errors[itemField(index, "ta_recommended")] = ["validation.required"];
    for (const f of FIGURE_FIELDS) if (item[f] === undefined) errors[itemField(index, f)] = ["validation.required"];
  }
  return errors;
}

/**
 * The recommendation as it will stand once `items` are applied over what is
 * stored (infrastructures not sent keep theirs): complete when every
 * infrastructure with eligible accesses has a flag, and whether any is recommended.
 */
export function outcome(stored: RecommendedInfrastructure[], items: RecommendationItem[]) {
  const sent = new Map(items.map((i) => [i.id, i]));
  const flags = stored.map((ai) => ({ ai, flag: sent.has(ai.id) ? (sent.get(ai.id)!.ta_recommended ?? null) : ai.ta_recommended }));
  return {
    complete: flags.filter((f) => f.ai.has_eligible_accesses === true).every((f) => f.flag !== null),
    anyRecommended: flags.some((f) => f.flag === true),
  };
}

/**
 * Every rule at once (a 422 lists them together): each item's, items that are
 * not the application's, and the panel's notes, required when the
 * recommendation is complete and recommends none of the infrastructures.
 */
export function recommendationErrors(stored: RecommendedInfrastructure[], items: RecommendationItem[], notes: string | undefined): Record<string, string[]> {
  const byId = new Map(stored.map((ai) => [ai.id, ai]));
  let errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const ai = byId.get(item.id);
    if (!ai || seen.has(item.id)) errors[itemField(i, "id")] = ["validation.invalid"];
    else errors = { ...errors, ...itemErrors(item, ai.has_eligible_accesses === true, i) };
    seen.add(item.id);
  });
  const { complete, anyRecommended } = outcome(stored, items);
  if (complete && !anyRecommended && blank(notes)) errors.notes = ["recommendation.errors.notes-required"];
  return errors;
}

/** A mean score for reading: two decimals at most. */
export const roundMean = (mean: number | string | null): number | null => (mean === null ? null : Math.round(Number(mean) * 100) / 100);

/**
 * Competition ranking by mean score, best first ("1, 2, 2, 4"): applications
 * without a submitted score come last, unranked. Ties keep the order given.
 */
export function rankByMean<T extends { mean_score: number | null }>(rows: T[]): (T & { rank: number | null })[] {
  const scored = rows.filter((r) => r.mean_score !== null).sort((a, b) => b.mean_score! - a.mean_score!);
  const ranked: (T & { rank: number | null })[] = scored.map((r) => ({ ...r, rank: 0 }));
  ranked.forEach((r, i) => {
    r.rank = i > 0 && ranked[i - 1].mean_score === r.mean_score ? ranked[i - 1].rank : i + 1;
  });
  return [...ranked, ...rows.filter((r) => r.mean_score === null).map((r) => ({ ...r, rank: null }))];
}

/**
 * What a screen shows of a long ranking: the top `top`, and `around` rows
 * either side of the application at hand, in rank order; `gap` marks a row
 * that follows rows left out. The whole ranking is the panel's list's.
 */
export function rankingWindow<T extends { id: number }>(rows: T[], currentId: number, top = 10, around = 5): (T & { gap: boolean })[] {
  const at = rows.findIndex((r) => r.id === currentId);
  const keep = (i: number) => i < top || (at >= 0 && Math.abs(i - at) <= around);
  const out: (T & { gap: boolean })[] = [];
  rows.forEach((r, i) => {
    if (keep(i)) out.push({ ...r, gap: i > 0 && !keep(i - 1) });
  });
  return out;
}
