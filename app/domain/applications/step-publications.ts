// Step 7, Publications (SPEC §5): planned publications (≤2000), exactly five
// top publications, each required, and the working region with its text.
import * as z from "zod/mini";
import { draftList, draftText, optionalText, requiredText, TEXT_MAX, TITLE_MAX } from "./fields";
import { blanks, errorsAgainst, type StepModule } from "./step-module";

export const TOP_FIVE = 5;

export const publicationsDraft = z.object({
  planned_publications: draftText,
  top_five: draftList(z.optional(z.string().check(z.maxLength(20_000, "validation.max"))), 10),
  working_region: draftList(z.string().check(z.maxLength(TITLE_MAX, "validation.max")), 20),
  working_area_text: draftText,
});
export type PublicationsDraft = z.infer<typeof publicationsDraft>;

export const publicationsStep: StepModule<PublicationsDraft> = {
  draft: publicationsDraft,
  check: (section, ctx) => {
    const regions = ctx.lookups["working-region"] ?? [];
    const rules = z.object({
      planned_publications: optionalText(TEXT_MAX),
      top_five: z.array(requiredText(TEXT_MAX)).check(z.length(TOP_FIVE, "applications-validation.top-five")),
      working_region: z.optional(z.array(z.string().check(z.refine((v) => !regions.length || regions.includes(v), "validation.invalid")))),
      working_area_text: optionalText(TEXT_MAX),
    });
    // Five rows always exist on the form: a blank row is a missing publication, not an absent one.
    const topFive = Array.from({ length: Math.max(TOP_FIVE, section?.top_five?.length ?? 0) }, (_, i) => section?.top_five?.[i] ?? "");
    return errorsAgainst(rules, { ...section, top_five: topFive });
  },
  suggestions: (section) => blanks(section, ["planned_publications", "working_area_text"]),
};
