// The terms step's section as a draft stores it (ADR 018).
// Apart from the step's rules (step-terms.ts), which read the whole draft: the
// draft (draft.ts) is made of these sections, and the zod-free helpers type
// with them, without importing the rules (docs/decisions/035-layers.md).
import * as z from "zod/mini";
import { draftFlag } from "./fields";

export const termsDraft = z.object({ termsandconditions: draftFlag });
export type TermsDraft = z.infer<typeof termsDraft>;
