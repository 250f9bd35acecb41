// The infrastructure's report confirmation (docs/lifecycle.md#report-confirmation,
// docs/validation.md#report-confirmation), zod/mini, shared by the API and the form: per reported
// access, confirmed yes/no; once confirmed, the units, type, dates and
// reimbursement date. Form here; what is required is confirmationErrors.
import * as z from "zod/mini";
import { Id } from "../ids";
import { dayOf, versionSchema } from "../dates";
import type { FieldErrors } from "../field-errors";
import { REPORT_ACCESSES_MAX, USED_UNITS_MAX } from "./report-bodies";

export const ACCESS_TYPES = ["physical", "remote"] as const;
const day = z.optional(dayOf("applications-validation.date"));

export const confirmedAccess = z.object({
  id: Id,
  sm_report_confirmed: z.optional(z.boolean({ error: "validation.invalid" })),
  sm_report_units: z.optional(z.number({ error: "validation.invalid" }).check(z.refine((v) => Number.isInteger(v) && v >= 0 && v <= USED_UNITS_MAX, "validation.invalid"))),
  sm_report_type: z.optional(z.enum(ACCESS_TYPES, { error: "validation.invalid" })),
  sm_report_date_from: day,
  sm_report_date_to: day,
  sm_reimbursement_date: day,
});
export type ConfirmedAccess = z.infer<typeof confirmedAccess>;

/** PUT /api/applications/{id}/sm-report: one application infrastructure's accesses; updated_at is that row's. */
export const smReportBody = z.object({
  application_infrastructure_id: Id,
  accesses: z.array(confirmedAccess).check(z.maxLength(REPORT_ACCESSES_MAX, "validation.too-many")),
  updated_at: versionSchema,
});
export type SmReportBody = z.infer<typeof smReportBody>;

const REQUIRED = ["validation.required"];
const ONCE_CONFIRMED = ["sm_report_units", "sm_report_type", "sm_report_date_from", "sm_report_date_to", "sm_reimbursement_date"] as const;

/** docs/validation.md#report-confirmation: confirmed is required (every reported access is eligible); once confirmed, the rest is. Keys `accesses.<i>.<field>`. */
export function confirmationErrors(accesses: ConfirmedAccess[]): FieldErrors {
  const out: FieldErrors = {};
  accesses.forEach((a, i) => {
    if (a.sm_report_confirmed === undefined) out[`accesses.${i}.sm_report_confirmed`] = REQUIRED;
    if (a.sm_report_confirmed !== true) return;
    for (const f of ONCE_CONFIRMED) if (a[f] === undefined) out[`accesses.${i}.${f}`] = REQUIRED;
    if (a.sm_report_date_from && a.sm_report_date_to && a.sm_report_date_to < a.sm_report_date_from) out[`accesses.${i}.sm_report_date_to`] = ["reporting.errors.date-order"];
  });
  return out;
}
