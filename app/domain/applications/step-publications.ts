// Step 7, Publications (docs/validation.md#publications): planned publications (≤2000), exactly five
// top publications, each required, and the working region with its text.
import * as z from "zod/mini";
import { DRAFT_TEXT_MAX, draftList, draftText, optionalText, requiredText, TEXT_MAX, TITLE_MAX } from "./fields";
import { blanks, errorsAgainst, keptPer, type StepModule } from "./step-module";
import { TOP_FIVE, topFiveRows } from "./publications";

export { TOP_FIVE, topFiveRows } from "./publications";

const TOP_MAX = 10;
const topEntry = z.string().check(z.maxLength(DRAFT_TEXT_MAX, "validation.max"));

/**
 * The top five as a list, or as an object keyed by position ("0"…"9"): the
 * API drops a list's blank entries (blank-to-absent), which would move the
 * rows after a blank one up, so the form sends positions and a blank row is
 * stored as "" in its place.
 */
const topFive = z.optional(
  z.pipe(
    z.union([
      z.array(z.optional(topEntry)).check(z.maxLength(TOP_MAX, "validation.too-many")),
      z.record(z.string().check(z.regex(/^\d$/, "validation.invalid")), topEntry),
    ]),
    z.transform((v): string[] => (Array.isArray(v) ? v.map((x) => x ?? "") : topFiveRows(v, Math.max(-1, ...Object.keys(v).map(Number)) + 1))),
  ),
);

export const publicationsDraft = z.object({
  planned_publications: draftText,
  top_five: topFive,
  working_region: draftList(z.string().check(z.maxLength(TITLE_MAX, "validation.max")), 20),
  working_area_text: draftText,
});
export type PublicationsDraft = z.infer<typeof publicationsDraft>;

/** What the form reads (Conform: one text per row, a blank one undefined in its place) and sends: the rows by position. */
export const publicationsForm = z.object({ ...publicationsDraft.shape, top_five: draftList(z.optional(topEntry), TOP_MAX) });
export const publicationsValues = (v: z.infer<typeof publicationsForm>) => ({
  ...v,
  top_five: Object.fromEntries((v.top_five ?? []).map((text, i) => [String(i), text ?? ""])),
});

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
