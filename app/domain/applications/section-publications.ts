// The publications step's section as a draft stores it (ADR 018), and as its form reads and sends it.
// Apart from the step's rules (step-publications.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { DRAFT_TEXT_MAX, draftList, draftText, TITLE_MAX } from "./fields";
import { topFiveRows } from "./publications";

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
