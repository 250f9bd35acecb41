// Kysely table types of intake and evaluation (migration 0007):
// a submitted application's infrastructures and accesses, its reviewers,
// watchdog reviews, evaluation criteria and invitations. schema.ts names them
// in the Database.
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are parsed as 'yyyy-MM-dd' strings (see database.server.ts). */
type IsoDate = string;

/** A requested infrastructure of a submitted application (materialised from the draft on submit). */
export interface ApplicationInfrastructuresTable {
  id: Generated<number>;
  application_id: number;
  infrastructure_id: number;
  second_choice_id: number | null;
  position: number;
  draft_key: string;
  has_eligible_accesses: boolean | null;
  /** The panel's recommendation (docs/lifecycle.md#panel-recommendation); numeric columns arrive as strings. */
  ta_recommended: boolean | null;
  ta_units: number | null;
  ta_participants: number | null;
  ta_budget: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  ta_recommendation: string | null;
  /** The infrastructure's decision (docs/lifecycle.md#infrastructure-decision). */
  sm_accepted: boolean | null;
  sm_units: number | null;
  sm_participants: number | null;
  sm_budget: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  sm_justification: string | null;
  sm_decided_at: Timestamp | null;
  sm_decided_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccessesTable {
  id: Generated<number>;
  application_id: number;
  application_infrastructure_id: number;
  position: number;
  draft_key: string;
  type: string;
  member_email: string | null;
  date_from: IsoDate;
  date_to: IsoDate;
  requested_units: number;
  eligible: boolean | null;
  status: Generated<string>;
  /** The applicant's report (docs/lifecycle.md#reporting): units used and the actual dates. */
  user_units: number | null;
  user_date_from: IsoDate | null;
  user_date_to: IsoDate | null;
  /** The infrastructure's confirmation and reimbursement (docs/lifecycle.md#report-confirmation). */
  sm_report_confirmed: boolean | null;
  sm_report_units: number | null;
  sm_report_type: string | null;
  sm_report_date_from: IsoDate | null;
  sm_report_date_to: IsoDate | null;
  sm_reimbursement_date: IsoDate | null;
  sm_reported_at: Timestamp | null;
  sm_reported_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ReviewerRole = "evaluator" | "watchdog" | "viewer";

/** An evaluator, watchdog or viewer of one application; an evaluator's row is also their evaluation. */
export interface ApplicationReviewersTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  role: ReviewerRole;
  /** assigned, accepted, conflict, submitted (evaluators). */
  state: Generated<string>;
  confidential_declaration: Generated<boolean>;
  conflict_declaration: Generated<boolean>;
  conflict_note: string | null;
  /** { [criterionId]: { score, justification } } */
  scores: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The mean of its numeric scores (null without one), computed by PostgreSQL from them (migration 0026). */
  score_mean: ColumnType<string | null, never, never>;
  accepted_at: Timestamp | null;
  submitted_at: Timestamp | null;
  assigned_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatchdogReviewsTable {
  id: Generated<number>;
  application_id: number;
  watchdog_id: number;
  evaluation_id: number;
  verdict: string | null;
  comment: string | null;
  submitted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CriteriaTable {
  id: Generated<number>;
  key: string | null;
  name: string;
  position: Generated<number>;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface CallCriteriaTable {
  call_id: number;
  criterion_id: number;
  position: Generated<number>;
}

export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  role: string;
  application_id: number | null;
  invited_by: number | null;
  accepted_by: number | null;
  accepted_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SmRemindersSentTable {
  call_id: number;
  sent_at: Timestamp;
}
