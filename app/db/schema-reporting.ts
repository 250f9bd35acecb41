// Kysely table types of reporting and feedback (migration 0012):
// the applicant's report, its history, publications and the report reminders
// sent. The access columns of the report live on AccessesTable
// (schema-intake.ts). schema.ts names them in the Database.
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are parsed as 'yyyy-MM-dd' strings (see database.server.ts). */
type IsoDate = string;

/** One per application that has entered reporting (made then, with its due day). */
export interface ApplicationReportsTable {
  application_id: number;
  started_at: Timestamp;
  due_on: IsoDate;
  season_objectives: string | null;
  achievements_and_difficulties: string | null;
  quantitative_feedback_coordination: number | null;
  quantitative_feedback_infrastructure: number | null;
  quantitative_feedback_overall: number | null;
  feedback_recommend: boolean | null;
  text_feedback_coordination: string | null;
  text_feedback_infrastructure: string | null;
  text_feedback_overall: string | null;
  submitted_at: Timestamp | null;
  submitted_by: number | null;
  /** watchdog_report_review: approved | rejected (null: not reviewed). */
  watchdog_review: "approved" | "rejected" | null;
  watchdog_review_note: string | null;
  watchdog_reviewed_by: number | null;
  watchdog_reviewed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ReportEvent = "started" | "submitted" | "reopened" | "approved" | "rejected";

export interface ReportEventsTable {
  id: Generated<number>;
  application_id: number;
  event: ReportEvent;
  user_id: number | null;
  note: string | null;
  created_at: Timestamp;
}

export interface PublicationsTable {
  id: Generated<number>;
  application_id: number;
  title: string;
  references: string | null;
  year: number | null;
  publication_type: string | null;
  authors: string | null;
  web_address: string | null;
  doi: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportRemindersSentTable {
  application_id: number;
  audience: "applicant" | "staff";
  days_before: number;
  sent_at: Timestamp;
}
