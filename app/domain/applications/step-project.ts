// Step 3, Project (docs/validation.md#project-step): acronym and title (≤255), the
// summary (description, ≤2000), a discipline from the activity fields, one to
// five activity keywords (from the list or free), EU TA funding (≤2000), what
// that earlier access did (previous_description, ≤2000) and the previous programme.
import * as z from "zod/mini";
import { optionalText, requiredLine, requiredText, TEXT_MAX } from "./fields";
import { singleLine } from "../single-line";
import { blanks, errorsAgainst, keptPer, type StepModule } from "./step-module";
import { KEYWORDS_MAX } from "./project";
import { projectDraft, type ProjectDraft } from "./section-project";

export { KEYWORDS_MAX } from "./project";

export { projectDraft, type ProjectDraft } from "./section-project";

const projectRules = /* @__PURE__ */ keptPer((disciplines: readonly string[]) =>
  z.object({
    acronym: requiredLine(),
    title: requiredLine(),
    description: requiredText(TEXT_MAX),
    discipline: z.string({ error: "validation.required" }).check(
      z.refine((v) => !disciplines.length || disciplines.includes(v), "applications-validation.discipline"),
    ),
    activity_keywords: z.array(z.string().check(singleLine()), { error: "applications-validation.keywords" }).check(
      z.minLength(1, "applications-validation.keywords"),
      z.maxLength(KEYWORDS_MAX, "applications-validation.keywords-max"),
    ),
    eu_ta_funding: optionalText(TEXT_MAX),
    previous_description: optionalText(TEXT_MAX),
    previous_program: optionalText(TEXT_MAX),
  }),
);

export const projectStep: StepModule<ProjectDraft> = {
  draft: projectDraft,
  check: (section, ctx) => errorsAgainst(projectRules(ctx.lookups["activity-fields"] ?? []), section),
  suggestions: (section) => blanks(section, ["eu_ta_funding", "previous_description", "previous_program"]),
};
