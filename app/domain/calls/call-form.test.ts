import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { callCreateSchema, callUpdateSchema } from "./call-form";
import { fieldErrorsOf, fieldsOf } from "../write.server";

const valid = {
  title: "Call 2027",
  description: "Access to polar stations.",
  status: "draft",
  open_at: "2027-01-10",
  close_at: "2027-02-10",
  start_at: "2027-03-01",
  end_at: "2027-12-01",
  evaluation_date: "2027-02-20",
  evaluation_manager_date: "2027-02-25",
  acceptance_date: "2027-03-10",
  sm_reminder_date: "2027-03-05",
  user_report_days: 30,
  physical_access: true,
  remote_access: false,
  unauthorized_countries: ["KP"],
  available_infrastructures: [1, 2],
  acceptance_agreement: 7,
  updated_at: "2026-11-22T04:39:32.123Z",
};

/** The errors of an update with these changes, as `{ field: [key] }` (none: {}). */
function errorsOf(changes: Record<string, unknown>, schema: typeof callUpdateSchema | typeof callCreateSchema = callUpdateSchema) {
  const result = schema.safeParse(fieldsOf({ ...valid, ...changes }));
  return result.success ? {} : fieldErrorsOf(result.error.issues, true);
}

describe("call form schema (docs/validation.md#call)", () => {
  it("accepts a complete call and switches default to off", () => {
    const result = callUpdateSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ ri_training: false, half_point_rating: false, data_management_plan: false });
  });

  it("title: required, trimmed, at most 255 characters", () => {
    expect(errorsOf({ title: "" })).toEqual({ title: ["validation.required"] });
    expect(errorsOf({ title: "   " })).toEqual({ title: ["validation.required"] });
    expect(errorsOf({ title: "x".repeat(256) })).toEqual({ title: ["validation.max"] });
    expect(errorsOf({ title: "x".repeat(255) })).toEqual({});
  });

  it("description: optional, at most 4242 characters", () => {
    expect(errorsOf({ description: undefined })).toEqual({});
    expect(errorsOf({ description: "x".repeat(4243) })).toEqual({ description: ["validation.max"] });
    expect(errorsOf({ description: "x".repeat(4242) })).toEqual({});
  });

  it("status: required, one of draft, publish, open, closed", () => {
    expect(errorsOf({ status: undefined })).toEqual({ status: ["validation.required"] });
    expect(errorsOf({ status: "archived" })).toEqual({ status: ["validation.invalid"] });
    for (const status of ["draft", "publish", "closed"]) expect(errorsOf({ status })).toEqual({});
  });

  it("open_at and close_at: required ISO dates", () => {
    expect(errorsOf({ open_at: undefined })).toEqual({ open_at: ["validation.required"] });
    expect(errorsOf({ close_at: undefined })).toEqual({ close_at: ["validation.required"] });
    expect(errorsOf({ open_at: "10/01/2027" })).toEqual({ open_at: ["call-validation.date"] });
    expect(errorsOf({ close_at: "2027-02-30" })).toEqual({ close_at: ["call-validation.date"] });
  });

  it("close_at: on or after open_at", () => {
    expect(errorsOf({ close_at: "2027-01-09" })).toEqual({ close_at: ["call-validation.close-before-open"] });
    expect(errorsOf({ close_at: "2027-01-10" })).toEqual({});
  });

  it("evaluation, decision, acceptance and reminder dates: on or after open_at", () => {
    for (const field of ["evaluation_date", "evaluation_manager_date", "acceptance_date", "sm_reminder_date"]) {
      expect(errorsOf({ [field]: "2026-12-31" }), field).toEqual({ [field]: ["call-validation.before-open"] });
    }
  });

  it("physical_access and remote_access: not both", () => {
    expect(errorsOf({ physical_access: true, remote_access: true })).toEqual({ physical_access: ["call-validation.access-both"] });
    expect(errorsOf({ physical_access: false, remote_access: true })).toEqual({});
    expect(errorsOf({ physical_access: false, remote_access: false })).toEqual({});
  });

  it("start_at and end_at: given together, ISO dates, end not before start", () => {
    expect(errorsOf({ start_at: undefined, end_at: undefined })).toEqual({});
    expect(errorsOf({ end_at: undefined })).toEqual({ end_at: ["call-validation.dates-together"] });
    expect(errorsOf({ start_at: undefined })).toEqual({ start_at: ["call-validation.dates-together"] });
    expect(errorsOf({ start_at: "March" })).toEqual({ start_at: ["call-validation.date"] });
    expect(errorsOf({ end_at: "2027-02-28" })).toEqual({ end_at: ["call-validation.end-before-start"] });
  });

  it("available_infrastructures: required when the status is open", () => {
    expect(errorsOf({ status: "open", available_infrastructures: [] })).toEqual({
      available_infrastructures: ["call-validation.infrastructures-required"],
    });
    expect(errorsOf({ status: "draft", available_infrastructures: [] })).toEqual({});
    expect(errorsOf({ status: "open" })).toEqual({});
    expect(errorsOf({ available_infrastructures: [0] })).toEqual({ available_infrastructures: ["call-validation.infrastructure"] });
  });

  it("evaluation_date, evaluation_manager_date and acceptance_date: required ISO dates", () => {
    for (const field of ["evaluation_date", "evaluation_manager_date", "acceptance_date"]) {
      expect(errorsOf({ [field]: undefined })).toEqual({ [field]: ["validation.required"] });
      expect(errorsOf({ [field]: "2027-1-5" })).toEqual({ [field]: ["call-validation.date"] });
    }
  });

  it("sm_reminder_date: optional ISO date", () => {
    expect(errorsOf({ sm_reminder_date: undefined })).toEqual({});
    expect(errorsOf({ sm_reminder_date: "soon" })).toEqual({ sm_reminder_date: ["call-validation.date"] });
  });

  it("user_report_days: required integer, at least 1", () => {
    expect(errorsOf({ user_report_days: undefined })).toEqual({ user_report_days: ["validation.required"] });
    expect(errorsOf({ user_report_days: 2.5 })).toEqual({ user_report_days: ["call-validation.integer"] });
    expect(errorsOf({ user_report_days: "ten" })).toEqual({ user_report_days: ["call-validation.integer"] });
    expect(errorsOf({ user_report_days: 0 })).toEqual({ user_report_days: ["call-validation.min-report-days"] });
    expect(errorsOf({ user_report_days: 1 })).toEqual({});
  });

  it("acceptance_agreement: a required medium id; the templates are optional", () => {
    expect(errorsOf({ acceptance_agreement: undefined })).toEqual({ acceptance_agreement: ["validation.required"] });
    expect(errorsOf({ acceptance_agreement: -1 })).toEqual({ acceptance_agreement: ["validation.invalid"] });
    expect(errorsOf({ scientific_report_template: 3, data_man_template: 4 })).toEqual({});
    expect(errorsOf({ data_man_template: "file.pdf" })).toEqual({ data_man_template: ["validation.invalid"] });
  });

  it("unauthorized_countries: two-letter country codes", () => {
    expect(errorsOf({ unauthorized_countries: [] })).toEqual({});
    expect(errorsOf({ unauthorized_countries: ["North Korea"] })).toEqual({ unauthorized_countries: ["call-validation.country"] });
  });

  it("updated_at: required on update, not on create", () => {
    expect(errorsOf({ updated_at: undefined })).toEqual({ updated_at: ["validation.required"] });
    expect(errorsOf({ updated_at: undefined, status: undefined }, callCreateSchema)).toEqual({});
  });

  it("reports every error at once, cross-field rules included", () => {
    const errors = errorsOf({ title: "", user_report_days: 0.5, close_at: "2027-01-01", physical_access: true, remote_access: true });
    expect(Object.keys(errors).sort()).toEqual(["close_at", "physical_access", "title", "user_report_days"]);
  });
});

describe("call form data (Conform)", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("reads ticked boxes, repeated values and numbers from a posted form", () => {
    const submission = parseWithZod(
      form([
        ["title", "Posted call"], ["open_at", "2027-01-10"], ["close_at", "2027-02-10"], ["evaluation_date", "2027-02-20"],
        ["evaluation_manager_date", "2027-02-25"], ["acceptance_date", "2027-03-10"], ["user_report_days", "14"],
        ["remote_access", "on"], ["unauthorized_countries", "KP"], ["unauthorized_countries", "SY"],
        ["available_infrastructures", "3"], ["acceptance_agreement", "12"], ["description", ""], ["start_at", ""], ["end_at", ""],
      ]),
      { schema: callCreateSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      remote_access: true,
      physical_access: false,
      unauthorized_countries: ["KP", "SY"],
      available_infrastructures: [3],
      acceptance_agreement: 12,
      user_report_days: 14,
    });
  });

  it("keeps the cross-field rules when fields fail too", () => {
    const submission = parseWithZod(
      form([["title", ""], ["open_at", "2027-02-10"], ["close_at", "2027-01-10"], ["physical_access", "on"], ["remote_access", "on"]]),
      { schema: callCreateSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors).toMatchObject({
      title: ["validation.required"],
      close_at: ["call-validation.close-before-open"],
      physical_access: ["call-validation.access-both"],
      acceptance_agreement: ["validation.required"],
    });
  });
});
