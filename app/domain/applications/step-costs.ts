// Step 6, Travel and logistic costs (SPEC §3 Access proposed_costs, §5
// "Proposed costs"): per access of the logistics step (named by its key), the
// proposed costs: an item from the cost labels, a cost of at least 0.1 euro,
// the cost type, unit number and unit type, and notes.
import * as z from "zod/mini";
import { decimal, decimalOf, draftKey, draftList, draftText, optionalText, TEXT_MAX, TITLE_MAX, wholeNumber } from "./fields";
import { errorsAgainst, type StepModule } from "./step-module";
import { accessesOf } from "./step-logistics";
import type { WizardContext } from "./context";

export const COSTS_MAX = 30;
export const COST_MIN = 0.1;
/** One row per access of the logistics step: 10 infrastructures × 20 accesses. */
const COST_ACCESSES_MAX = 200;

export const costDraft = z.object({
  item: draftText,
  cost: draftText,
  cost_type: draftText,
  unit_number: draftText,
  unit_type: draftText,
  notes: draftText,
});
export type CostDraft = z.infer<typeof costDraft>;

export const costsDraft = z.object({
  accesses: draftList(z.object({ key: draftKey, costs: draftList(costDraft, COSTS_MAX) }), COST_ACCESSES_MAX),
});
export type CostsDraft = z.infer<typeof costsDraft>;

const costRules = (ctx: WizardContext) =>
  z.object({
    item: z.string({ error: "validation.required" }).check(
      z.refine((v) => !ctx.lookups["cost-labels"]?.length || ctx.lookups["cost-labels"].includes(v), "validation.invalid"),
    ),
    cost: decimal(COST_MIN, "applications-validation.cost-min"),
    cost_type: z.optional(z.string().check(z.refine((v) => (COST_TYPES as readonly string[]).includes(v), "validation.invalid"))),
    unit_number: z.optional(wholeNumber(1, 1_000_000, "applications-validation.unit-number")),
    unit_type: optionalText(TITLE_MAX),
    notes: optionalText(TEXT_MAX),
  });

/** The costs of each access still in the logistics step, in its order (costs of a removed access are left out). */
export function costsByAccess(costs: CostsDraft | undefined, ctx: Pick<WizardContext, "draft">) {
  const byKey = new Map((costs?.accesses ?? []).map((a) => [a.key, a.costs ?? []]));
  return accessesOf(ctx.draft.logistics).map((at) => ({ ...at, costs: (at.access.key && byKey.get(at.access.key)) || [] }));
}

/** The cost types a proposed cost may have (the infrastructures' ways of charging). */
export const COST_TYPES = ["unit-cost", "actual-cost", "lump-sum"] as const;

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

export const costsStep: StepModule<CostsDraft> = {
  draft: costsDraft,
  check: (section, ctx) => {
    const rows = costsByAccess(section, ctx).map((r) => ({ key: r.access.key, costs: r.costs }));
    // Costs belong to accesses: with none yet the step is not done (its tick would say otherwise).
    if (!rows.length) return { accesses: ["applications-validation.costs-no-access"] };
    return errorsAgainst(z.object({ accesses: z.array(z.object({ costs: z.array(costRules(ctx)) })) }), { accesses: rows });
  },
};
