// The body of the panel's recommendation (zod/mini, shared by the API
// contract and the editor's screen). Required-ness depends on each
// application infrastructure (rules.ts), so every field is optional here and
// only its form and bounds are checked.
import * as z from "zod/mini";
import { Id } from "../ids";
import { versionSchema } from "../dates";
import { optionalText } from "../applications/fields";
import { BUDGET_MAX, INFRASTRUCTURES_MAX, NOTE_MAX, PARTICIPANTS_MAX, UNITS_MAX } from "./rules";

const whole = (max: number) => z.optional(z.number({ error: "validation.invalid" }).check(z.refine((v) => Number.isInteger(v) && v >= 0 && v <= max, "validation.invalid")));
// Euro with cents at most: 12.5 and 12.25, not 12.255.
const euro = z.optional(
  z.number({ error: "validation.invalid" }).check(z.refine((v) => v >= 0 && v <= BUDGET_MAX && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "validation.invalid")),
);

export const recommendationItem = z.object({
  id: Id,
  ta_recommended: z.optional(z.boolean({ error: "validation.invalid" })),
  ta_units: whole(UNITS_MAX),
  ta_participants: whole(PARTICIPANTS_MAX),
  ta_budget: euro,
  ta_recommendation: optionalText(NOTE_MAX),
});

/**
 * PUT /api/applications/{id}/recommendation: the application infrastructures
 * sent are recorded (those left out keep theirs); `notes` replaces the panel's notes.
 */
export const recommendationBody = z.object({
  infrastructures: z._default(z.array(recommendationItem).check(z.maxLength(INFRASTRUCTURES_MAX, "validation.max")), []),
  notes: optionalText(NOTE_MAX),
  updated_at: versionSchema,
});

export type RecommendationBody = z.infer<typeof recommendationBody>;
