// The query of the staff list (docs/data.md#list-filters), every
// parameter bounded: lists of at most FILTER_LIST_MAX values, ids within
// PostgreSQL's integer, text within SEARCH_MAX, real calendar days. A value out
// of bounds is a 422 naming the parameter (validation.too-many, validation.max,
// validation.invalid), never a database error.
import { z } from "zod";
import { isDay } from "../dates";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { ID_MAX, PAGE_MAX } from "../ids";
import { APPLICATION_STATUSES } from "../applications/status";
import { ACCESS_STATUSES } from "../applications/access-status";
import { RI_STATUSES } from "../ri-decisions/rules";
import {
  EVALUATION_STATUSES, EXPORT_FORMATS, FILTER_LIST_MAX, LIST_INCLUDES, PAGE_SIZE, PER_PAGE_MAX, REVIEW_STATUSES, SEARCH_MAX, SORT_COLUMNS,
} from "./columns";

// A list parameter comes repeated (status[]=a&status[]=b) or as one comma list.
const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);
/** A list filter: at most FILTER_LIST_MAX values of `item`. The statistics' filter (app/domain/stats) shares these parts. */
export const listOf = <T extends z.ZodType>(item: T, description: string) =>
  z.preprocess(csv, z.array(item).max(FILTER_LIST_MAX, "validation.too-many")).optional().describe(description);

export const id = z.coerce.number("validation.invalid").int("validation.invalid").min(1, "validation.invalid").max(ID_MAX, "validation.invalid");
export const day = (description: string) => z.string().refine(isDay, "validation.invalid").optional().describe(description);
/** The free-text search (number, acronym, title, the applicant's name or e-mail). */
export const searchText = z.string().trim().max(SEARCH_MAX, "validation.max").optional().describe("Number (id), acronym, title, or the applicant's name or e-mail");
/** date_to never before date_from. */
export const datesInOrder = (q: { date_from?: string; date_to?: string }) => !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** The list's parameters, before the check that the dates are in order (other queries of the same filters start from them). */
export const adminListShape = z.object({
  q: searchText,
  "status[]": listOf(z.enum(APPLICATION_STATUSES, "validation.invalid"), "Only these statuses"),
  "exclude_status[]": listOf(z.enum(APPLICATION_STATUSES, "validation.invalid"), "None of these statuses"),
  "discipline[]": listOf(z.string().max(SEARCH_MAX, "validation.max"), "The project's discipline (an activity field's value)"),
  "call_id[]": listOf(id, "Applications to these calls"),
  "includeIds[]": listOf(id, "Only these applications (by number)"),
  "excludeIds[]": listOf(id, "None of these applications (by number)"),
  user_id: id.optional().describe("The applications of this applicant (their user id)"),
  "infrastructure[]": listOf(id, "Submitted applications requesting one of these infrastructures (drafts have none)"),
  evaluation_status: z.enum(EVALUATION_STATUSES, "validation.invalid").optional().describe("evaluated: every accepted evaluator has submitted (evaluation_complete)"),
  review_status: z
    .enum(REVIEW_STATUSES, "validation.invalid")
    .optional()
    .describe("submit: has watchdog reviews, all submitted; pending: a watchdog review not yet submitted; all: no filter"),
  ri_status: z
    .enum(RI_STATUSES, "validation.invalid")
    .optional()
    .describe("pending: under evaluation with an infrastructure decision still to make; submit: every infrastructure decision made (sm_decision_date); all: no filter"),
  accesses_status: z
    .enum(ACCESS_STATUSES, "validation.invalid")
    .optional()
    .describe("Has an access in this status; also which accesses a row includes (includes[]=accesses), proposed when absent"),
  allsub: z
    .enum(["0", "1"], "validation.invalid")
    .optional()
    .describe("1: every submitted application whatever its status (drafts left out, status[] and exclude_status[] ignored)"),
  "includes[]": listOf(z.enum(LIST_INCLUDES, "validation.invalid"), "What each row includes: owner (the applicant; the default), accesses, history"),
  date_from: day("Submitted on or after this day (yyyy-MM-dd, Europe/Brussels)"),
  date_to: day("Submitted on or before this day (yyyy-MM-dd, Europe/Brussels)"),
  trashed: z.enum(["with", "only"], "validation.invalid").optional().describe("with: deleted drafts too; only: nothing else"),
  sort_by: z.enum(SORT_COLUMNS, "validation.invalid").default("id"),
  order: z.enum(["asc", "desc"], "validation.invalid").default("desc"),
  page: z.coerce.number("validation.invalid").int("validation.invalid").min(1, "validation.invalid").max(PAGE_MAX, "validation.invalid").default(1),
  per_page: z.coerce.number("validation.invalid").int("validation.invalid").min(1, "validation.invalid").max(PER_PAGE_MAX, "validation.invalid").default(PAGE_SIZE),
  export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("A download of EVERY matching row (not one page) as CSV or XLSX, streamed; the admin area only"),
  lang: z.enum(SUPPORTED_LANGUAGES, "validation.invalid").optional().describe("The download's labels' language (else Accept-Language's, else en); the codes stay beside them"),
});
export const adminListQuery = adminListShape.refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] });
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** The zip of the dossiers of every match (docs/api.md#dossiers): the list's filters and order, no page, and the PDFs' language. */
export const dossiersQuery = adminListShape
  .omit({ page: true, per_page: true, export: true, "includes[]": true })
  .extend({ lang: z.enum(SUPPORTED_LANGUAGES, "validation.invalid").optional().describe("The application PDFs' language (else Accept-Language's, else en)") })
  .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] });
export type DossiersQuery = z.infer<typeof dossiersQuery>;
