// The statistics filter as the API takes it (docs/data.md#list-filters),
// bounded as the staff list's query is (its parts are shared): lists of at most
// FILTER_LIST_MAX values, ids within PostgreSQL's integer, real calendar days.
// status[] defaults to STATS_DEFAULT_STATUSES when the query names none.
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { APPLICATION_STATUSES } from "../applications/status";
import { EXPORT_FORMATS, PAGE_SIZE, PER_PAGE_MAX, SEARCH_MAX } from "../admin-applications/columns";
import { PAGE_MAX } from "../ids";
import { datesInOrder, day, id, listOf, searchText } from "../admin-applications/query.server";

/** The filter's fields, for a screen whose query adds its own (evolutions.server.ts). */
export const statsFilterShape = {
  "call_id[]": listOf(id, "Applications to these calls"),
  "discipline[]": listOf(z.string().max(SEARCH_MAX, "validation.max"), "The project's discipline (an activity field's value)"),
  q: searchText,
  "infrastructure[]": listOf(id, "Submitted applications requesting one of these infrastructures"),
  "status[]": listOf(
    z.enum(APPLICATION_STATUSES, "validation.invalid"),
    "Only these statuses; when none is given: under-evaluation, accepted, rejected, withdrawn, granted, reporting, reported",
  ),
  "exclude_status[]": listOf(z.enum(APPLICATION_STATUSES, "validation.invalid"), "None of these statuses"),
  date_from: day("Submitted on or after this day (yyyy-MM-dd, Europe/Brussels)"),
  date_to: day("Submitted on or before this day (yyyy-MM-dd, Europe/Brussels)"),
  allsub: z
    .enum(["0", "1"], "validation.invalid")
    .optional()
    .describe("1: every submitted application whatever its status (drafts never; status[] and exclude_status[] ignored)"),
};

/** A download's labels' language: the labels sit beside the codes (docs/api.md#exports). */
export const exportLanguage = z
  .enum(SUPPORTED_LANGUAGES, "validation.invalid")
  .optional()
  .describe("The download's labels' language (else Accept-Language's, else en); the codes stay beside them");

/** A statistics answer's query with a screen's own parameters `extra`: the filter, `export` (a download of the table as CSV or XLSX) and those. */
export const statsQueryWith = <T extends z.ZodRawShape>(extra: T) =>
  z
    .object({ ...statsFilterShape, export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("A download of the table as CSV or XLSX"), lang: exportLanguage, ...extra })
    .refine((q) => datesInOrder(q as { date_from?: string; date_to?: string }), { message: "validation.invalid", path: ["date_to"] });

/** A statistics answer's query: the filter and `export`. */
export const statsQuery = statsQueryWith({});
export type StatsQuery = z.infer<typeof statsQuery>;
export type StatsFilter = Omit<StatsQuery, "export" | "lang">;

/**
 * The query of a statistics answer holding several tables, one of them a long
 * list shown a page at a time (`page`, `per_page`, as the staff list's):
 * `table` names the one a download holds, every row of it.
 */
export const statsTablesQuery = <T extends readonly [string, ...string[]]>(tables: T, description: string) =>
  z
    .object({
      ...statsFilterShape,
      page: z.coerce.number("validation.invalid").int("validation.invalid").min(1, "validation.invalid").max(PAGE_MAX, "validation.invalid").default(1).describe("The long list's page"),
      per_page: z.coerce.number("validation.invalid").int("validation.invalid").min(1, "validation.invalid").max(PER_PAGE_MAX, "validation.invalid").default(PAGE_SIZE),
      table: z.enum(tables, "validation.invalid").default(tables[0]).describe(description),
      export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("A download of the table named by `table`, every row (not one page), as CSV or XLSX"),
      lang: exportLanguage,
    })
    .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] });

