// What a complete report is (docs/lifecycle.md#reporting, docs/validation.md#feedback): the checks
// submit-report runs over every part, and the summary screen shows as links.
// Pure and zod-free: the screens derive each part's "complete" mark from it.
import type { FieldErrors } from "../field-errors";
import { ACTIVITY_TEXTS, FEEDBACK_TEXTS, SCORE_FIELDS } from "./parts";

export type EditablePart = "activity" | "accesses" | "documents" | "feedback";

export interface ReportedAccessState {
  id: number;
  user_units: number | null;
  user_date_from: string | null;
  user_date_to: string | null;
}

export interface ReportState {
  season_objectives: string | null;
  achievements_and_difficulties: string | null;
  quantitative_feedback_coordination: number | null;
  quantitative_feedback_infrastructure: number | null;
  quantitative_feedback_overall: number | null;
  feedback_recommend: boolean | null;
  text_feedback_coordination: string | null;
  text_feedback_infrastructure: string | null;
  text_feedback_overall: string | null;
  accesses: ReportedAccessState[];
  scientific_report: boolean;
  data_man_final: boolean;
  /** The final data management plan is asked for (setting and call switch). */
  dmp_asked: boolean;
}

const REQUIRED = ["validation.required"];
const blank = (v: string | null) => !v?.trim();

/** Each part's missing fields, by field name (an access's as `accesses.<id>.<field>`). */
export function partErrors(s: ReportState): Record<EditablePart, FieldErrors> {
  const activity: FieldErrors = {};
  for (const f of ACTIVITY_TEXTS) if (blank(s[f])) activity[f] = REQUIRED;
  const accesses: FieldErrors = {};
  for (const a of s.accesses) {
    for (const f of ["user_units", "user_date_from", "user_date_to"] as const) if (a[f] === null) accesses[`accesses.${a.id}.${f}`] = REQUIRED;
  }
  const documents: FieldErrors = {};
  if (!s.scientific_report) documents.scientific_report = REQUIRED;
  if (s.dmp_asked && !s.data_man_final) documents.data_man_final = REQUIRED;
  const feedback: FieldErrors = {};
  for (const f of SCORE_FIELDS) if (s[f] === null) feedback[f] = REQUIRED;
  if (s.feedback_recommend === null) feedback.feedback_recommend = REQUIRED;
  for (const f of FEEDBACK_TEXTS) if (blank(s[f])) feedback[f] = REQUIRED;
  return { activity, accesses, documents, feedback };
}

/** Every missing field of the report, keyed `<part>.<field>` (an access's `accesses.<id>.<field>`: submit-report's 422). */
export function submitErrors(s: ReportState): FieldErrors {
  const out: FieldErrors = {};
  for (const [part, errors] of Object.entries(partErrors(s))) {
    for (const [field, messages] of Object.entries(errors)) out[field.startsWith(`${part}.`) ? field : `${part}.${field}`] = messages;
  }
  return out;
}
