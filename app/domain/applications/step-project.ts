// Step 3, Project (docs/validation.md#project-step): acronym and title (≤255), the
// summary (description, ≤2000), a discipline from the activity fields, one to
// five activity keywords (from the list or free), EU TA funding (≤2000) and the
// previous programme.
import * as z from "zod/mini";
import { draftList, draftText, optionalText, requiredText, TEXT_MAX, TITLE_MAX } from "./fields";
import { blanks, errorsAgainst, keptPer, type StepModule } from "./step-module";
import { KEYWORDS_MAX } from "./project";

export { KEYWORDS_MAX } from "./project";

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
  previous_program: draftText,
});
export type ProjectDraft = z.infer<typeof projectDraft>;

const projectRules = /* @__PURE__ */ keptPer((disciplines: readonly string[]) =>
  z.object({
    acronym: requiredText(TITLE_MAX),
    title: requiredText(TITLE_MAX),
    description: requiredText(TEXT_MAX),
    discipline: z.string({ error: "validation.required" }).check(
      z.refine((v) => !disciplines.length || disciplines.includes(v), "applications-validation.discipline"),
    ),
    activity_keywords: z.array(z.string(), { error: "applications-validation.keywords" }).check(
      z.minLength(1, "applications-validation.keywords"),
      z.maxLength(KEYWORDS_MAX, "applications-validation.keywords-max"),
    ),
    eu_ta_funding: optionalText(TEXT_MAX),
    previous_program: optionalText(TEXT_MAX),
  }),
);

export const projectStep: StepModule<ProjectDraft> = {
  draft: projectDraft,
  check: (section, ctx) => errorsAgainst(projectRules(ctx.lookups["activity-fields"] ?? []), section),
  suggestions: (section) => blanks(section, ["eu_ta_funding", "previous_program"]),
};
