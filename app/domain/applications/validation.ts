// The whole draft judged step by step: what the review shows (errors and
// suggestions per step), where the wizard may go (the first invalid step) and
// whether it may be submitted. The API runs it; screens read its answer.
import type { FieldErrors } from "../field-errors";
import type { WizardContext } from "./context";
import type { Draft } from "./draft";
import { STEPS, type SectionKey, type StepSlug } from "./steps";
import type { StepModule } from "./step-module";
import { termsStep } from "./step-terms";
import { projectStep } from "./step-project";
import { groupStep } from "./step-group";
import { logisticsStep } from "./step-logistics";
import { costsStep } from "./step-costs";
import { publicationsStep } from "./step-publications";
import { appendicesStep } from "./step-appendices";

export const STEP_MODULES: { [K in SectionKey]: StepModule<NonNullable<Draft[K]>> } = {
  terms: termsStep,
  project: projectStep,
  group: groupStep,
  logistics: logisticsStep,
  costs: costsStep,
  publications: publicationsStep,
  appendices: appendicesStep,
};

export interface StepState {
  slug: StepSlug;
  errors: FieldErrors;
  suggestions: string[];
  complete: boolean;
}

export function judgeDraft(ctx: WizardContext): StepState[] {
  return STEPS.map(({ slug, section }) => {
    if (!section) return { slug, errors: {}, suggestions: [], complete: true };
    const mod = STEP_MODULES[section] as StepModule<unknown>;
    const value = ctx.draft[section];
    const errors = mod.check(value, ctx);
    return { slug, errors, suggestions: mod.suggestions?.(value, ctx) ?? [], complete: Object.keys(errors).length === 0 };
  });
}

/** The first step before `slug` that is not complete (the wizard sends the user there), if any. */
export function firstInvalidBefore(states: readonly StepState[], slug: StepSlug): StepSlug | undefined {
  const at = states.findIndex((s) => s.slug === slug);
  return states.slice(0, at).find((s) => !s.complete)?.slug;
}

/** Every error of the draft, named `<section>.<field>` (the submit's 422). */
export function allErrors(states: readonly StepState[]): FieldErrors {
  const out: FieldErrors = {};
  for (const s of states) {
    const section = STEPS.find((x) => x.slug === s.slug)!.section;
    for (const [field, messages] of Object.entries(s.errors)) out[`${section}.${field}`] = messages;
  }
  return out;
}
