// Step 8, Appendices (docs/validation.md#documents): the research plan, the group
// leader's CV and, when the call and the data-management-plan setting ask for
// a data management plan, its draft: three different files. Recommendation
// letters, required when any member of the group is early-career (and the
// recommendation-letter setting is yes), differ from those three. Extra
// information is optional. Values are media ids of files the applicant uploaded.
import { type StepModule } from "./step-module";
import type { FieldErrors } from "../field-errors";
import { dataManagementPlanAsked, lettersRequired, SINGLE_APPENDICES } from "./appendices";
import { appendicesDraft, type AppendicesDraft } from "./section-appendices";

export { appendixIds, EXTRA_MAX, LETTERS_MAX, LIST_APPENDICES, SINGLE_APPENDICES } from "./appendices";

export { appendicesDraft, type AppendicesDraft } from "./section-appendices";

export const appendicesStep: StepModule<AppendicesDraft> = {
  draft: appendicesDraft,
  check: (section, ctx) => {
    const errors: FieldErrors = {};
    const required = dataManagementPlanAsked(ctx.call, ctx.settings) ? SINGLE_APPENDICES : SINGLE_APPENDICES.filter((f) => f !== "data_man_draft");
    const seen = new Map<number, string>();
    for (const f of required) {
      const id = section?.[f];
      if (id === undefined) errors[f] = ["validation.required"];
      else if (seen.has(id)) errors[f] = ["applications-validation.same-file"];
      else seen.set(id, f);
    }
    const letters = section?.recommendation_letter ?? [];
    if (lettersRequired(ctx.draft.group, ctx.settings) && !letters.length) errors.recommendation_letter = ["applications-validation.letters"];
    if (letters.some((id) => seen.has(id)) || new Set(letters).size !== letters.length) errors.recommendation_letter = ["applications-validation.same-file"];
    return errors;
  },
};
