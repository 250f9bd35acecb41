// Step 6, Travel and logistic costs (docs/data.md#access proposed_costs,
// docs/validation.md#costs): per access of the logistics step (named by its key), the
// proposed costs: an item from the cost labels, a cost of at least 0.1 euro,
// the cost type, unit number and unit type, and notes.
import * as z from "zod/mini";
import { decimal, optionalLine, optionalText, TEXT_MAX, wholeNumber } from "./fields";
import { errorsAgainst, keptPer, type StepModule } from "./step-module";
import { COST_MIN, COST_TYPES, costsByAccess } from "./costs";
import { costsDraft, type CostsDraft } from "./section-costs";

export { amountCents, COST_MIN, COST_TYPES, costsByAccess, COSTS_MAX, proposedCosts, totalCents } from "./costs";

const NO_LABELS: readonly string[] = [];

export { costDraft, costsDraft, type CostDraft, type CostsDraft } from "./section-costs";

// Per cost-labels list (kept in memory and shared, ADR 019): built once, not on every judgement.
const costsRules = /* @__PURE__ */ keptPer((labels: readonly string[]) =>
  z.object({ accesses: z.array(z.object({ costs: z.array(costRules(labels)) })) }),
);

const costRules = (labels: readonly string[]) =>
  z.object({
    item: z.string({ error: "validation.required" }).check(z.refine((v) => !labels.length || labels.includes(v), "validation.invalid")),
    cost: decimal(COST_MIN, "applications-validation.cost-min"),
    cost_type: z.optional(z.string().check(z.refine((v) => (COST_TYPES as readonly string[]).includes(v), "validation.invalid"))),
    unit_number: z.optional(wholeNumber(1, 1_000_000, "applications-validation.unit-number")),
    unit_type: optionalLine(),
    notes: optionalText(TEXT_MAX),
  });

export const costsStep: StepModule<CostsDraft> = {
  draft: costsDraft,
  check: (section, ctx) => {
    const rows = costsByAccess(section, ctx).map((r) => ({ key: r.access.key, costs: r.costs }));
    // Costs belong to accesses: with none yet the step is not done (its tick would say otherwise).
    if (!rows.length) return { accesses: ["applications-validation.costs-no-access"] };
    return errorsAgainst(costsRules(ctx.lookups["cost-labels"] ?? NO_LABELS), { accesses: rows });
  },
};
