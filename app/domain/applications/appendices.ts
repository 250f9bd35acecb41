// The appendices step's files as screens and the API read them (docs/validation.md#documents). No zod: the browser loads it (ADR 020); step-appendices.ts
// has the schemas.
import type { AppendicesDraft } from "./section-appendices";

export { EXTRA_MAX, LETTERS_MAX } from "./draft-bounds";
export const SINGLE_APPENDICES = ["research_plan", "group_leader_cv", "data_man_draft"] as const;
export const LIST_APPENDICES = ["recommendation_letter", "extra_information"] as const;

/** Every media id the section names. */
export const appendixIds = (s: AppendicesDraft | undefined): number[] =>
  [...SINGLE_APPENDICES.map((f) => s?.[f]), ...(s?.recommendation_letter ?? []), ...(s?.extra_information ?? [])].filter((x): x is number => typeof x === "number");
