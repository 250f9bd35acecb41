// Step 1, Terms (docs/validation.md#terms-step): the terms-of-service setting's text and
// the termsandconditions checkbox, which must be ticked.
import * as z from "zod/mini";
import { errorsAgainst, type StepModule } from "./step-module";
import { termsDraft, type TermsDraft } from "./section-terms";

export { termsDraft, type TermsDraft } from "./section-terms";

const termsRules = z.object({ termsandconditions: z.literal(true, { error: "applications-validation.terms" }) });

export const termsStep: StepModule<TermsDraft> = {
  draft: termsDraft,
  check: (section) => errorsAgainst(termsRules, section),
};
