// The appendices step's files as screens and the API read them (docs/validation.md#documents). No zod: the browser loads it (ADR 020); step-appendices.ts
// has the schemas.
import type { WizardContext } from "./context";
import type { AppendicesDraft } from "./section-appendices";
import type { GroupDraft } from "./section-group";

export { EXTRA_MAX, LETTERS_MAX } from "./draft-bounds";
export const SINGLE_APPENDICES = ["research_plan", "group_leader_cv", "data_man_draft"] as const;
export const LIST_APPENDICES = ["recommendation_letter", "extra_information"] as const;

/** Every media id the section names. */
export const appendixIds = (s: AppendicesDraft | undefined): number[] =>
  [...SINGLE_APPENDICES.map((f) => s?.[f]), ...(s?.recommendation_letter ?? []), ...(s?.extra_information ?? [])].filter((x): x is number => typeof x === "number");

/**
 * Whether the appendices step asks for the data management plan draft: the
 * call's switch and the data-management-plan setting are both on, as for the
 * report's final plan (docs/validation.md#documents).
 */
export const dataManagementPlanAsked = (call: Pick<WizardContext["call"], "data_management_plan">, settings: Pick<WizardContext["settings"], "dataManagementPlan">) =>
  call.data_management_plan && settings.dataManagementPlan;

/**
 * Recommendation letters are required when any member of the group, the
 * leader included, is an early-career researcher and the
 * recommendation-letter setting is yes (docs/validation.md#documents).
 */
export const lettersRequired = (group: GroupDraft | undefined, settings: Pick<WizardContext["settings"], "recommendationLetter">) =>
  settings.recommendationLetter && (group?.members ?? []).some((m) => m?.young === true);
