// The bodies of the infrastructure decision's writes (zod/mini, shared by the
// API contract and the screens' actions). Required-ness of a decision's
// fields depends on the application infrastructure (rules.ts), so every field
// is optional here and only its form is checked.
import * as z from "zod/mini";
import { Id } from "../ids";
import { dayOf, versionSchema } from "../dates";
import { optionalText, TEXT_MAX } from "../applications/fields";
import { euroOf, PARTICIPANTS_MAX, UNITS_MAX, wholeOf } from "./rules";

const numberOrText = (ok: (v: unknown) => boolean) =>
  z.optional(z.union([z.number(), z.string().check(z.maxLength(20, "validation.invalid"))], { error: "validation.invalid" }).check(z.refine(ok, "validation.invalid")));

/** PUT /api/applications/{id}/sm-decision: one application infrastructure's decision; updated_at is that row's. */
export const smDecisionBody = z.object({
  application_infrastructure_id: Id,
  sm_accepted: z.optional(z.boolean({ error: "validation.invalid" })),
  sm_units: numberOrText((v) => wholeOf(v, UNITS_MAX) !== undefined),
  sm_participants: numberOrText((v) => wholeOf(v, PARTICIPANTS_MAX) !== undefined),
  sm_budget: numberOrText((v) => euroOf(v) !== undefined),
  sm_justification: optionalText(TEXT_MAX),
  updated_at: versionSchema,
});

/** PUT /api/applications/{id}/reopen-sm-decision: updated_at is the application infrastructure's. */
export const reopenBody = z.object({ application_infrastructure_id: Id, updated_at: versionSchema });

/** PUT /api/accesses/{id}/dates: updated_at is the access's. */
export const accessDatesBody = z.object({
  date_from: dayOf("applications-validation.date"),
  date_to: dayOf("applications-validation.date"),
  updated_at: versionSchema,
});

export type SmDecisionBody = z.infer<typeof smDecisionBody>;
export type AccessDatesBody = z.infer<typeof accessDatesBody>;
export type ReopenDecisionBody = z.infer<typeof reopenBody>;
