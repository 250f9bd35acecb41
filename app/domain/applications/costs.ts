// Proposed costs as screens and the API read them (docs/data.md#access
// proposed_costs): which access each list belongs to, amounts and totals.
// No zod: the browser loads it (ADR 020); section-costs.ts has the schemas.
import type { WizardContext } from "./context";
import { accessesOf } from "./accesses";
import { decimalOf } from "./money";
import type { CostDraft, CostsDraft } from "./section-costs";

export { COSTS_MAX } from "./draft-bounds";
export const COST_MIN = 0.1;

/** The cost types a proposed cost may have (the infrastructures' ways of charging). */
export const COST_TYPES = ["unit-cost", "actual-cost", "lump-sum"] as const;

/** The costs of each access still in the logistics step, in its order (costs of a removed access are left out). */
export function costsByAccess(costs: CostsDraft | undefined, ctx: Pick<WizardContext, "draft">) {
  const byKey = new Map((costs?.accesses ?? []).map((a) => [a.key, a.costs ?? []]));
  return accessesOf(ctx.draft.logistics).map((at) => ({ ...at, costs: (at.access.key && byKey.get(at.access.key)) || [] }));
}

/**
 * A cost row's amount in euro cents: `cost` is per unit, times the unit number
 * when one is given (an invalid cost counts 0, an invalid unit number 1), so
 * a total never fails on a half-typed row.
 */
export function amountCents(c: CostDraft): number {
  const units = c.unit_number && /^\s*\d{1,7}\s*$/.test(c.unit_number) ? Number(c.unit_number) : 1;
  return Math.round((decimalOf(c.cost) ?? 0) * 100) * units;
}

/** Sum of a list of costs in euro cents. */
export const totalCents = (costs: readonly CostDraft[]) => costs.reduce((sum, c) => sum + amountCents(c), 0);

/**
 * Each access of the logistics step with its infrastructure, its costs and
 * their total, and the grand total (cents): what the costs step shows and
 * GET /api/applications/{id}/proposed-costs answers.
 */
export function proposedCosts(costs: CostsDraft | undefined, ctx: Pick<WizardContext, "draft" | "infrastructures">) {
  const accesses = costsByAccess(costs, ctx).map((row) => ({
    ...row,
    infrastructure: ctx.infrastructures.find((i) => String(i.id) === row.infrastructure_id) ?? null,
    totalCents: totalCents(row.costs),
  }));
  return { accesses, totalCents: accesses.reduce((sum, a) => sum + a.totalCents, 0) };
}
