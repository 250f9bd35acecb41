// The date schemas (zod/mini) of every date field and of a record's version,
// on top of the day helpers of days.ts, which this module re-exports so its
// importers need not know the split (ADR 020).
import * as z from "zod/mini";
import { isDay, isTimestamp } from "./days";

export { DATE_FORMAT, formatDay, isDay, isTimestamp, portalDay, TIME_ZONE, timestampOf, todayIso, YEAR_MAX, YEAR_MIN } from "./days";

const requiredOr = (invalid: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : invalid),
});

/**
 * The date schema: a calendar day (isDay), `invalid` otherwise and
 * validation.required when absent. Every date field uses it.
 */
export const dayOf = (invalid: string) =>
  // z.iso.date first, so the API documents the field as `format: date`; the
  // calendar and year range only once it is one (a single message either way).
  z.iso.date(requiredOr(invalid)).check(z.refine(isDay, { error: invalid, when: (payload) => payload.issues.length === 0 }));

/**
 * The version a client read (`updated_at`) and sends back with a save:
 * a timestamp (isTimestamp), validation.invalid otherwise and
 * validation.required when absent or blank.
 */
export const versionSchema = z.string(requiredOr("validation.invalid")).check(
  z.superRefine((value, ctx) => {
    const blank = value.trim() === "";
    if (!isTimestamp(value)) ctx.addIssue({ code: "custom", message: blank ? "validation.required" : "validation.invalid", input: value });
  }),
);
