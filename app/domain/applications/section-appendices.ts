// The appendices step's section as a draft stores it (ADR 018): media ids.
// Apart from the step's rules (step-appendices.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftList } from "./fields";
import { ID_MAX } from "../ids";
import { EXTRA_MAX, LETTERS_MAX } from "./draft-bounds";

const mediumId = z.number().check(z.int(), z.positive(), z.maximum(ID_MAX));

export const appendicesDraft = z.object({
  research_plan: z.optional(mediumId),
  group_leader_cv: z.optional(mediumId),
  data_man_draft: z.optional(mediumId),
  recommendation_letter: draftList(mediumId, LETTERS_MAX),
  extra_information: draftList(mediumId, EXTRA_MAX),
});
export type AppendicesDraft = z.infer<typeof appendicesDraft>;
