// The costs step's section as a draft stores it (ADR 018): each access's proposed costs.
// Apart from the step's rules (step-costs.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftKey, draftList, draftText } from "./fields";
import { COSTS_MAX } from "./draft-bounds";

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
