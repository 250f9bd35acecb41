// The body of the assistant's pre-fill (POST /api/ai-generate/applications/{id}).
import * as z from "zod/mini";
import { accepted } from "../applications/fields";

/** The applicant agrees to the ai-disclaimer they were shown (kept with who and when). */
export const prefillBody = z.object({ agree: accepted("assistant.agree-required") });
export type PrefillBody = z.infer<typeof prefillBody>;
