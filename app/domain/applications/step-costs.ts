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
    cost_type: optionalText(TITLE_MAX),
    unit_number: z.optional(wholeNumber(1, 1_000_000, "applications-validation.unit-number")),
    unit_type: optionalText(TITLE_MAX),
    notes: optionalText(TEXT_MAX),
  });

/** The costs of each access still in the logistics step, in its order (costs of a removed access are left out). */
export function costsByAccess(costs: CostsDraft | undefined, ctx: Pick<WizardContext, "draft">) {
  const byKey = new Map((costs?.accesses ?? []).map((a) => [a.key, a.costs ?? []]));
  return accessesOf(ctx.draft.logistics).map((at) => ({ ...at, costs: (at.access.key && byKey.get(at.access.key)) || [] }));
}

/** Sum of a list of costs in euro cents (an invalid amount counts 0). */
export const totalCents = (costs: readonly CostDraft[]) => costs.reduce((sum, c) => sum + Math.round((decimalOf(c.cost) ?? 0) * 100), 0);

export const costsStep: StepModule<CostsDraft> = {
  draft: costsDraft,
  check: (section, ctx) => {
    const rows = costsByAccess(section, ctx).map((r) => ({ key: r.access.key, costs: r.costs }));
    return errorsAgainst(z.object({ accesses: z.array(z.object({ costs: z.array(costRules(ctx)) })) }), { accesses: rows });
  },
};
