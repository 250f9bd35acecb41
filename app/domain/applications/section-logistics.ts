// The logistics step's section as a draft stores it (ADR 018): infrastructures and their accesses.
// Apart from the step's rules (step-logistics.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftKey, draftList, draftText } from "./fields";
import { ACCESSES_MAX, INFRASTRUCTURES_MAX } from "./draft-bounds";

export const accessDraft = z.object({
  key: draftKey,
  type: draftText,
  member: draftText,
  date_from: draftText,
  date_to: draftText,
  requested_units: draftText,
  cofunding_available: draftText,
  cofunding_description: draftText,
  ri_training: draftText,
  data_management_training: draftText,
  spare_berths_training: draftText,
  travel_route_and_means: draftText,
  justification: draftText,
  available_season: draftText,
  bring_equipment: draftText,
  need_equipment: draftText,
  contacted_ri_operator: draftText,
});
export type AccessDraft = z.infer<typeof accessDraft>;

export const applicationInfrastructureDraft = z.object({
  key: draftKey,
  infrastructure_id: draftText,
  second_choice_id: draftText,
  accesses: draftList(accessDraft, ACCESSES_MAX),
});
export type ApplicationInfrastructureDraft = z.infer<typeof applicationInfrastructureDraft>;

export const logisticsDraft = z.object({ infrastructures: draftList(applicationInfrastructureDraft, INFRASTRUCTURES_MAX) });
export type LogisticsDraft = z.infer<typeof logisticsDraft>;
