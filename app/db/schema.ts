// Kysely table types. Column names follow the product's field names
// (docs/data.md, snake_case), so the API, the database and the docs read alike.
import type { ColumnType, Generated } from "kysely";
import type { AuditEntriesTable } from "./schema-audit";
import type { PermissionsTable, RolePermissionsTable, RolesTable, SessionsTable, UserPermissionsTable, UserRolesTable, UsersTable } from "./schema-users";
import type { AccessesTable, ApplicationInfrastructuresTable, ApplicationReviewersTable, CallCriteriaTable, CriteriaTable, InvitationsTable, SmRemindersSentTable, WatchdogReviewsTable } from "./schema-intake";
import type { ApplicationReportsTable, PublicationsTable, ReportEventsTable, ReportRemindersSentTable } from "./schema-reporting";

export type { ReviewerRole } from "./schema-intake";
export type { AuditChange } from "./schema-audit";

// Optional on insert (the column default stamps it); never wrap it in Generated<>: a
// nested ColumnType would leak into selected rows as an object type.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are parsed as 'yyyy-MM-dd' strings (see database.server.ts). */
type IsoDate = string;

export interface CountriesTable {
  id: Generated<number>;
  name: string;
  code: string;
}

/** One item of a lookup list (app/domain/lookups/lists.ts): English label, place in its list. */
export interface LookupItemsTable {
  id: Generated<number>;
  list: string;
  value: string;
  label: string;
  position: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string | null;
  label: string | null;
  updated_at: Timestamp;
}

export interface InfrastructuresTable {
  id: Generated<number>;
  name: string;
  short_name: string | null;
  country: string | null;
  type: string | null;
  owner: string | null;
  owner_contact: string | null;
  description: string | null;
  website: string | null;
  installation_name: string | null;
  ta_installation_number: string | null;
  ra_installation_number: string | null;
  ga_usage_cost_budget: string | null;
  ga_other_cost_budget: string | null;
  ga_access_quantity: number | null;
  actual_cost: Generated<boolean>;
  preset_unit_cost: Generated<boolean>;
  cost_per_unit: string | null;
  unit_cost_type: string | null;
  category: string | null;
  cost_calculation: string | null;
  manager_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface InfrastructurePeriodsTable {
  id: Generated<number>;
  infrastructure_id: number;
  date_from: IsoDate;
  date_to: IsoDate;
}

export interface InfrastructureAdministratorsTable {
  infrastructure_id: number;
  user_id: number;
}

export interface CallsTable {
  id: Generated<number>;
  user_id: number | null;
  title: string;
  title_fr: string | null;
  description: string | null;
  description_fr: string | null;
  status: string;
  open_at: IsoDate;
  close_at: IsoDate;
  start_at: IsoDate | null;
  end_at: IsoDate | null;
  remote_access: Generated<boolean>;
  physical_access: Generated<boolean>;
  evaluation_date: IsoDate;
  evaluation_manager_date: IsoDate;
  acceptance_date: IsoDate;
  sm_reminder_date: IsoDate | null;
  user_report_days: number;
  unauthorized_countries: ColumnType<string[], string[] | undefined, string[]>;
  ri_training: Generated<boolean>;
  data_management_training: Generated<boolean>;
  spare_berths_training: Generated<boolean>;
  new_publications: Generated<boolean>;
  half_point_rating: Generated<boolean>;
  data_management_plan: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface CallInfrastructuresTable {
  call_id: number;
  infrastructure_id: number;
}

export interface MediaTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  mime_type: string;
  size: ColumnType<string, number | string, number | string>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaLinksTable {
  id: Generated<number>;
  media_id: number;
  attached_to_type: string;
  attached_to_id: string;
  collection: string;
  position: Generated<number>;
}

export interface PagesTable {
  id: Generated<number>;
  title: string;
  /** The French version of each text (ADR 052); null: the English one is shown. */
  title_fr: string | null;
  slug: string;
  summary: string | null;
  summary_fr: string | null;
  content: string | null;
  content_fr: string | null;
  status: Generated<string>;
  is_public: Generated<boolean>;
  in_menu: Generated<boolean>;
  menu_order: Generated<number>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  title: string;
  title_fr: string | null;
  status: Generated<string>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface DocumentTagsTable {
  document_id: number;
  tag: string;
}

export interface DocumentRolesTable {
  document_id: number;
  role_id: number;
}

export interface PageDocumentsTable {
  page_id: number;
  document_id: number;
}

export interface ApplicationsTable {
  id: Generated<number>;
  call_id: number;
  user_id: number;
  status: Generated<string>;
  step: Generated<number>;
  acronym: string | null;
  title: string | null;
  discipline: string | null;
  /** The wizard's sections as typed (app/domain/applications/draft.ts), valid or not. */
  draft: ColumnType<Record<string, unknown>, string | undefined, string>;
  submitted_at: Timestamp | null;
  evaluation_complete: Generated<boolean>;
  eligibility_notes: string | null;
  ta_recommendation_complete: Generated<boolean>;
  recommendation_date: Timestamp | null;
  recommendation_notes: string | null;
  sm_decision_date: Timestamp | null;
  accepted_at: Timestamp | null;
  /** The mean of the submitted evaluations' scores (numeric, read as a string); kept by the database (migration 0021). */
  mean_score: ColumnType<string | null, never, string | null>;
  evaluations_submitted: Generated<number>;
  /** Each criterion's mean of the submitted evaluations' scores, two decimals, by criterion key; null without one (migration 0021). */
  criterion_means: ColumnType<Record<string, number> | null, never, Record<string, number> | null>;
  /** Its infrastructures' short names (else names) in the applicant's order, ", "-joined; null for none. Kept by triggers (migration 0014). */
  infrastructure_names: ColumnType<string | null, never, never>;
  /** Its group's members as the statistics count them (e-mail, work country, gender…), computed by PostgreSQL from the draft (migration 0015). */
  member_facts: ColumnType<MemberFacts[], never, never>;
  /** Its proposed costs as the statistics add them up (access key, label, cents), computed by PostgreSQL from the draft (migration 0024). */
  cost_facts: ColumnType<{ key: string; label: string; cents: number }[], never, never>;
  /** Its project's keywords and its working regions as the statistics count them (trimmed, lower-cased, each once), computed by PostgreSQL from the draft (migration 0025). */
  keyword_facts: ColumnType<string[], never, never>;
  region_facts: ColumnType<string[], never, never>;
  /** When the owner agreed to the ai-disclaimer, and who (migration 0016; docs/decisions/042-assistant-pre-fill.md). */
  ai_termsandconditions: Timestamp | null;
  ai_termsandconditions_by: number | null;
  /** Set while a pre-fill is under way (its claim), kept once it succeeded. */
  ai_requested_at: Timestamp | null;
  /** The assistant's answer and the fields it filled (app/domain/assistant/provenance.ts), for staff. */
  ai_response: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** One member of an application's group as the statistics read it (migration 0015); absent fields were empty in the draft. */
export interface MemberFacts {
  /** Lower-cased. */
  email?: string;
  /** Upper-cased. */
  work_country?: string;
  nationality?: string;
  residence_country?: string;
  gender?: string;
  researcher_status?: string;
  organization_type?: string;
  birth_year?: string | number;
  young?: boolean;
  leader?: boolean;
}

export interface ApplicationHistoryTable {
  id: Generated<number>;
  application_id: number;
  from_status: string | null;
  to_status: string;
  user_id: number | null;
  notes: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  application_id: number | null;
  params: ColumnType<Record<string, string | number>, string | undefined, string>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addresses: ColumnType<string[], string[], string[]>;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** queued | sent | failed */
  state: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  notification_id: number | null;
}

export interface EvaluationRemindersSentTable {
  call_id: number;
  days_before: number;
  sent_at: Timestamp;
}

export interface KeptFormsTable {
  id: string;
  path: string;
  /** The form's text fields as posted, [name, value] pairs in order. */
  entries: ColumnType<[string, string][], string, string>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A person's private calendar feed (migration 0023; docs/decisions/050-calendar-feed.md): the token's SHA-256 only. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  language: Generated<string>;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  user_roles: UserRolesTable;
  role_permissions: RolePermissionsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  countries: CountriesTable;
  lookup_items: LookupItemsTable;
  settings: SettingsTable;
  infrastructures: InfrastructuresTable;
  infrastructure_periods: InfrastructurePeriodsTable;
  infrastructure_administrators: InfrastructureAdministratorsTable;
  calls: CallsTable;
  call_infrastructures: CallInfrastructuresTable;
  media: MediaTable;
  media_links: MediaLinksTable;
  pages: PagesTable;
  documents: DocumentsTable;
  document_tags: DocumentTagsTable;
  document_roles: DocumentRolesTable;
  page_documents: PageDocumentsTable;
  applications: ApplicationsTable;
  application_history: ApplicationHistoryTable;
  kept_forms: KeptFormsTable;
  application_infrastructures: ApplicationInfrastructuresTable;
  accesses: AccessesTable;
  application_reviewers: ApplicationReviewersTable;
  watchdog_reviews: WatchdogReviewsTable;
  criteria: CriteriaTable;
  call_criteria: CallCriteriaTable;
  invitations: InvitationsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  evaluation_reminders_sent: EvaluationRemindersSentTable;
  sm_reminders_sent: SmRemindersSentTable;
  application_reports: ApplicationReportsTable;
  report_events: ReportEventsTable;
  publications: PublicationsTable;
  report_reminders_sent: ReportRemindersSentTable;
  calendar_feeds: CalendarFeedsTable;
  audit_entries: AuditEntriesTable;
}
