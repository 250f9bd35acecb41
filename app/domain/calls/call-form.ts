// The call's rules (docs/validation.md#call), shared by the call form (Conform, in the browser), the
// Remix actions and the API. zod/mini: the form ships this schema to the
// browser, where the full zod would cost ~100 KB of compressed JavaScript.
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { CALL_STATUSES } from "./call-status";
import { dayOf, isDay, versionSchema } from "../dates";
import { ID_LIST_MAX, idOf, isId } from "../ids";

export const CALL_TITLE_MAX = 255;
export const CALL_DESCRIPTION_MAX = 4242;
/** user_report_days: at most ten years. */
export const CALL_REPORT_DAYS_MAX = 3650;

/** The call's yes/no switches, all off unless ticked. */
export const CALL_SWITCHES = [
  "physical_access",
  "remote_access",
  "ri_training",
  "data_management_training",
  "spare_berths_training",
  "new_publications",
  "half_point_rating",
  "data_management_plan",
] as const;
export type CallSwitch = (typeof CALL_SWITCHES)[number];

/** The call's files: each is one medium, linked in the media collection of the same name. */
export const CALL_FILES = ["acceptance_agreement", "scientific_report_template", "data_man_template"] as const;
export type CallFile = (typeof CALL_FILES)[number];

export const CALL_DATES = [
  "open_at", "close_at", "start_at", "end_at", "evaluation_date", "evaluation_manager_date", "acceptance_date", "sm_reminder_date",
] as const;

// Messages are translation keys. Blank form fields arrive as undefined (Conform's
// coercion; the API applies blanksToAbsent), so "absent" reads "required".
const required = (invalid: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : invalid),
});

const isoDate = dayOf("call-validation.date");
const optionalIsoDate = z.optional(isoDate);
// Integer checks are refinements, not z.int(): a z.int() failure aborts the
// parse and would hide the cross-field errors below.
const mediaId = idOf("validation.invalid");
const sw = z._default(z.boolean({ error: "validation.invalid" }), false);

/** More codes than there are countries is never a real list. */
export const COUNTRIES_MAX = 300;

const fields = {
  title: z
    .string(required("validation.invalid"))
    .check(singleLine(), z.trim(), z.minLength(1, "validation.required"), z.maxLength(CALL_TITLE_MAX, "validation.max")),
  description: z.optional(z.string({ error: "validation.invalid" }).check(z.trim(), z.maxLength(CALL_DESCRIPTION_MAX, "validation.max"))),
  // The French versions (ADR 052), bounded like the English ones, optional: blank shows the English.
  title_fr: z.optional(z.string({ error: "validation.invalid" }).check(singleLine(), z.trim(), z.maxLength(CALL_TITLE_MAX, "validation.max"))),
  description_fr: z.optional(z.string({ error: "validation.invalid" }).check(z.trim(), z.maxLength(CALL_DESCRIPTION_MAX, "validation.max"))),
  status: z.enum(CALL_STATUSES, required("validation.invalid")),
  open_at: isoDate,
  close_at: isoDate,
  start_at: optionalIsoDate,
  end_at: optionalIsoDate,
  evaluation_date: isoDate,
  evaluation_manager_date: isoDate,
  acceptance_date: isoDate,
  sm_reminder_date: optionalIsoDate,
  user_report_days: z.number(required("call-validation.integer")).check(
    z.superRefine((n, ctx) => {
      if (!Number.isInteger(n)) ctx.addIssue({ code: "custom", message: "call-validation.integer", input: n });
      else if (n < 1) ctx.addIssue({ code: "custom", message: "call-validation.min-report-days", input: n });
      else if (n > CALL_REPORT_DAYS_MAX) ctx.addIssue({ code: "custom", message: "validation.max", input: n });
    }),
  ),
  physical_access: sw,
  remote_access: sw,
  ri_training: sw,
  data_management_training: sw,
  spare_berths_training: sw,
  new_publications: sw,
  half_point_rating: sw,
  data_management_plan: sw,
  // Elements are checked as a whole below, so an error names the field, not an index.
  unauthorized_countries: z._default(
    z.array(z.string({ error: "call-validation.country" })).check(z.maxLength(COUNTRIES_MAX, "validation.max")),
    [],
  ),
  available_infrastructures: z._default(
    z.array(z.number({ error: "call-validation.infrastructure" })).check(z.maxLength(ID_LIST_MAX, "validation.max")),
    [],
  ),
  // The call's evaluation criteria (reviews/criteria.server.ts); none sent: the four defaults.
  criteria: z.optional(
    z.array(z.number({ error: "reviews.validation.criterion" })).check(
      z.minLength(1, "reviews.validation.criteria-required"),
      z.maxLength(ID_LIST_MAX, "validation.max"),
      z.refine((ids) => ids.every(isId), "reviews.validation.criterion"),
    ),
  ),
  acceptance_agreement: mediaId,
  scientific_report_template: z.optional(mediaId),
  data_man_template: z.optional(mediaId),
};

export const COUNTRY_CODE = /^[A-Z]{2}$/;

type Issue = { field: string; message: string };

/** The rules that read several fields. Pure, so they run on partly invalid input too. */
export function crossFieldIssues(v: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  if (isDay(v.open_at) && isDay(v.close_at) && v.close_at < v.open_at) {
    issues.push({ field: "close_at", message: "call-validation.close-before-open" });
  }
  // Deadlines of a call's evaluation, decisions and acceptance come after it opens.
  for (const field of ["evaluation_date", "evaluation_manager_date", "acceptance_date", "sm_reminder_date"] as const) {
    const day = v[field];
    if (isDay(v.open_at) && isDay(day) && day < v.open_at) issues.push({ field, message: "call-validation.before-open" });
  }
  // docs/validation.md#call: physical_access and remote_access are never both on.
  if (v.physical_access === true && v.remote_access === true) {
    issues.push({ field: "physical_access", message: "call-validation.access-both" });
  }
  const hasStart = v.start_at !== undefined;
  const hasEnd = v.end_at !== undefined;
  if (hasStart && !hasEnd) issues.push({ field: "end_at", message: "call-validation.dates-together" });
  if (hasEnd && !hasStart) issues.push({ field: "start_at", message: "call-validation.dates-together" });
  if (isDay(v.start_at) && isDay(v.end_at) && v.end_at < v.start_at) {
    issues.push({ field: "end_at", message: "call-validation.end-before-start" });
  }
  const infra = v.available_infrastructures;
  if (v.status === "open" && (!Array.isArray(infra) || infra.length === 0)) {
    issues.push({ field: "available_infrastructures", message: "call-validation.infrastructures-required" });
  }
  if (Array.isArray(infra) && infra.some((i) => !isId(i))) {
    issues.push({ field: "available_infrastructures", message: "call-validation.infrastructure" });
  }
  const countries = v.unauthorized_countries;
  if (Array.isArray(countries) && countries.some((c) => typeof c !== "string" || !COUNTRY_CODE.test(c))) {
    issues.push({ field: "unauthorized_countries", message: "call-validation.country" });
  }
  return issues;
}

// `when: () => true`: zod skips refinements once a field has failed, but a
// failed save must list every error at once.
const crossFieldCheck = z.superRefine<Record<string, unknown>>(
  (value, ctx) => {
    for (const { field, message } of crossFieldIssues(value ?? {})) {
      ctx.addIssue({ code: "custom", message, path: [field], input: value?.[field] });
    }
  },
  { when: () => true },
);

const { status: _status, ...createFields } = fields;

/**
 * Creating a call (form and POST /api/calls): no status, since a new call
 * starts as draft (docs/lifecycle.md#call-statuses) and the API sets it.
 */
export const callCreateSchema = z.object(createFields).check(crossFieldCheck);
export type CallCreateInput = z.infer<typeof callCreateSchema>;

/**
 * Updating a call (form and PUT /api/calls/{id}): every field, plus the
 * updated_at the editor saw, so a change made meanwhile is not overwritten.
 */
export const callUpdateSchema = z
  .object({
    ...fields,
    updated_at: versionSchema,
  })
  .check(crossFieldCheck);
export type CallUpdateInput = z.infer<typeof callUpdateSchema>;
