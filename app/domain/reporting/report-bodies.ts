// The bodies of the applicant's report (docs/lifecycle.md#reporting), zod/mini, shared by
// the API contract and the screens' actions. A part's save checks the form of
// what was typed (ADR 027); what a complete report needs is in report-rules.ts.
import * as z from "zod/mini";
import { Id } from "../ids";
import { dayOf, versionSchema } from "../dates";
import { optionalText, TEXT_MAX } from "../applications/fields";

export { ACTIVITY_TEXTS, FEEDBACK_TEXTS, SCORE_FIELDS } from "./parts";

/** The most units an access can report (as the panel and the infrastructures decide). */
export const USED_UNITS_MAX = 100_000;
/** The most accesses one application has (its logistics step's bound, with room). */
export const REPORT_ACCESSES_MAX = 100;


const whole = (min: number, max: number) =>
  z.optional(z.number({ error: "validation.invalid" }).check(z.refine((v) => Number.isInteger(v) && v >= min && v <= max, "validation.invalid")));
/** A feedback score: a whole number from 1 to 5 (docs/validation.md#feedback). */
const score = z.optional(z.number({ error: "reporting.errors.score" }).check(z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, "reporting.errors.score")));
const day = z.optional(dayOf("applications-validation.date"));

export const activityBody = z.object({
  season_objectives: optionalText(TEXT_MAX),
  achievements_and_difficulties: optionalText(TEXT_MAX),
  updated_at: versionSchema,
});

export const reportedAccess = z
  .object({ id: Id, user_units: whole(0, USED_UNITS_MAX), user_date_from: day, user_date_to: day })
  .check(
    z.refine((a) => !a.user_date_from || !a.user_date_to || a.user_date_to >= a.user_date_from, {
      error: "reporting.errors.date-order",
      path: ["user_date_to"],
    }),
  );

export const accessesBody = z.object({
  accesses: z.array(reportedAccess).check(z.maxLength(REPORT_ACCESSES_MAX, "validation.too-many")),
  updated_at: versionSchema,
});

/** The uploads (POST /api/media/uploads) to link; null removes the file, absent keeps it. */
export const documentsBody = z.object({
  scientific_report: z.optional(z.nullable(Id)),
  data_man_final: z.optional(z.nullable(Id)),
  updated_at: versionSchema,
});

export const feedbackBody = z.object({
  quantitative_feedback_coordination: score,
  quantitative_feedback_infrastructure: score,
  quantitative_feedback_overall: score,
  feedback_recommend: z.optional(z.boolean({ error: "validation.invalid" })),
  text_feedback_coordination: optionalText(TEXT_MAX),
  text_feedback_infrastructure: optionalText(TEXT_MAX),
  text_feedback_overall: optionalText(TEXT_MAX),
  updated_at: versionSchema,
});

/** PUT /api/applications/{id}/submit-report: the report's version. */
export const submitReportBody = z.object({ updated_at: versionSchema });

/** PUT /api/applications/{id}/reopen-report (editor): why, optionally; the report's version. */
export const reopenReportBody = z.object({ notes: optionalText(TEXT_MAX), updated_at: versionSchema });
export type ReopenReportBody = z.infer<typeof reopenReportBody>;

export const PART_BODIES = { activity: activityBody, accesses: accessesBody, documents: documentsBody, feedback: feedbackBody } as const;
export type EditablePart = keyof typeof PART_BODIES;
/** A part's body as its schema parsed it (the API's contract parses it). */
export type PartInput<P extends EditablePart = EditablePart> = { [K in EditablePart]: z.infer<(typeof PART_BODIES)[K]> }[P];
export type SubmitReportBody = z.infer<typeof submitReportBody>;
export const EDITABLE_PARTS = Object.keys(PART_BODIES) as EditablePart[];
