// Step 7, Publications (docs/validation.md#publications): planned publications (≤2000), exactly five
// top publications, each required, and the working region with its text.
import * as z from "zod/mini";
import { optionalText, requiredText, TEXT_MAX } from "./fields";
import { blanks, errorsAgainst, keptPer, type StepModule } from "./step-module";
import { TOP_FIVE, topFiveRows } from "./publications";
import { publicationsDraft, type PublicationsDraft } from "./section-publications";

export { TOP_FIVE, topFiveRows } from "./publications";

export { publicationsDraft, publicationsForm, publicationsValues, type PublicationsDraft } from "./section-publications";

const publicationsRules = /* @__PURE__ */ keptPer((regions: readonly string[]) =>
  z.object({
    planned_publications: optionalText(TEXT_MAX),
    top_five: z.array(requiredText(TEXT_MAX)).check(z.length(TOP_FIVE, "applications-validation.top-five")),
    working_region: z.optional(z.array(z.string().check(z.refine((v) => !regions.length || regions.includes(v), "validation.invalid")))),
    working_area_text: optionalText(TEXT_MAX),
  }),
);

export const publicationsStep: StepModule<PublicationsDraft> = {
  draft: publicationsDraft,
  check: (section, ctx) => {
    const rules = publicationsRules(ctx.lookups["working-region"] ?? []);
    // Five rows always exist on the form: a blank row is a missing publication, not an absent one.
    return errorsAgainst(rules, { ...section, top_five: topFiveRows(section?.top_five ?? [], section?.top_five?.length ?? 0) });
  },
  suggestions: (section) => blanks(section, ["planned_publications", "working_area_text"]),
};
