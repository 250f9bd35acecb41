// What the wizard's rules need besides the draft itself: the call, the call's
// infrastructures with their periods and unit costs, the settings that switch
// fields on and the lookup lists. The API builds it from the database; the
// screens get it from GET /api/applications/{id}, so both judge the same way.
import type { Draft } from "./draft";
import type { CallStatus } from "../calls/call-status";

export interface WizardCall {
  id: number;
  title: string;
  /** The French title (ADR 052); null: the English one is shown to French readers. */
  title_fr: string | null;
  status: CallStatus;
  /** Open now (status open, today between open_at and close_at) and not in the trash. */
  is_open: boolean;
  open_at: string;
  close_at: string;
  /** The day the call's evaluation closes (the review page's timeline). */
  evaluation_date: string;
  /** The call's access bounds: every access falls between them when set (docs/validation.md#accesses). */
  start_at: string | null;
  end_at: string | null;
  remote_access: boolean;
  physical_access: boolean;
  ri_training: boolean;
  data_management_training: boolean;
  spare_berths_training: boolean;
  data_management_plan: boolean;
  new_publications: boolean;
}

export interface WizardInfrastructure {
  id: number;
  name: string;
  short_name: string | null;
  periods: { date_from: string; date_to: string }[];
  preset_unit_cost: boolean;
  cost_per_unit: string | null;
  unit_cost_type: string | null;
}

/** The yes/no settings and texts the wizard reads. */
export interface WizardSettings {
  consortium: string;
  askConsortium: boolean;
  showTravelRouteAndMeans: boolean;
  contactedRiOperator: boolean;
  recommendationLetter: boolean;
  publications: boolean;
  /** The ri-training, data-training and spare-berths settings: each training question is asked where the call's switch is on too (accesses.ts). */
  riTraining: boolean;
  dataTraining: boolean;
  spareBerths: boolean;
  /** The data-management-plan setting: the draft plan is asked where the call's switch is on too (appendices.ts). */
  dataManagementPlan: boolean;
}

export interface WizardContext {
  call: WizardCall;
  infrastructures: WizardInfrastructure[];
  settings: WizardSettings;
  /** Values of the lookup lists (activity fields, genders, …), by list name. */
  lookups: Record<string, string[]>;
  /** The whole draft, for rules that look at another step (an access's member, a young leader's letters). */
  draft: Draft;
}
