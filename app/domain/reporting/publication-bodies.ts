// A publication of the report (docs/lifecycle.md#publications; docs/data.md#report-and-feedback):
// zod/mini, shared by the API and the form. DOI and web address are checked
// for form; a DOI given as a https://doi.org/ link is kept as the bare DOI.
import * as z from "zod/mini";
import { YEAR_MIN } from "../days";
import { optionalText, requiredLine, TEXT_MAX, TITLE_MAX } from "../applications/fields";

export { PUBLICATION_TYPES, PUBLICATIONS_MAX } from "./parts";
import { PUBLICATION_TYPES } from "./parts";

const DOI = /^10\.\d{4,9}\/\S+$/;
/** The bare DOI of a DOI or a doi.org link (undefined when it is neither). */
export function bareDoi(v: string): string | undefined {
  const s = v.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, "");
  return DOI.test(s) && s.length <= TITLE_MAX ? s : undefined;
}
const isWebAddress = (v: string) => {
  try {
    const u = new URL(v.trim());
    return (u.protocol === "http:" || u.protocol === "https:") && v.length <= TEXT_MAX;
  } catch {
    return false;
  }
};

export const publicationBody = z.object({
  title: requiredLine(),
  references: optionalText(TEXT_MAX),
  year: z.optional(
    z.number({ error: "reporting.errors.year" }).check(z.refine((v) => Number.isInteger(v) && v >= YEAR_MIN && v <= new Date().getUTCFullYear() + 1, "reporting.errors.year")),
  ),
  publication_type: z.optional(z.enum(PUBLICATION_TYPES, { error: "validation.invalid" })),
  authors: optionalText(TEXT_MAX),
  web_address: z.optional(z.string().check(z.refine(isWebAddress, "reporting.errors.web-address"))),
  doi: z.optional(z.string().check(z.refine((v) => bareDoi(v) !== undefined, "reporting.errors.doi"))),
});
export type PublicationInput = z.infer<typeof publicationBody>;
