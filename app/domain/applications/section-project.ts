// The project step's section as a draft stores it (ADR 018).
// Apart from the step's rules (step-project.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftList, draftText, TITLE_MAX } from "./fields";

/** A draft keeps a few more than allowed, so a sixth keyword is shown with its error rather than dropped. */
const KEYWORDS_DRAFT_MAX = 20;

export const projectDraft = z.object({
  acronym: draftText,
  title: draftText,
  description: draftText,
  discipline: draftText,
  // Blank boxes of the form arrive as undefined; the API drops them (blank-to-absent).
  activity_keywords: draftList(z.optional(z.string().check(z.maxLength(TITLE_MAX, "validation.max"))), KEYWORDS_DRAFT_MAX),
  eu_ta_funding: draftText,
  /** What the group did in its earlier access and what came of it. */
  previous_description: draftText,
  previous_program: draftText,
});
export type ProjectDraft = z.infer<typeof projectDraft>;
