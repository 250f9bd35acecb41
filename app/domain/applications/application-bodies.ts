// The bodies of the applications API's writes (zod/mini, shared by the API
// contract and the screens that send them).
import * as z from "zod/mini";
import { Id } from "../ids";
import { versionSchema } from "../dates";
import { isStepSlug } from "./steps";

/** POST /api/applications: the call, and optionally an earlier application of the caller's to start from. */
export const createBody = z.object({ call_id: Id, copy_from: z.optional(Id) });

/** PUT /api/applications/{id}: one wizard step's values (its section, replaced whole), and whether to move on. */
export const saveBody = z.object({
  step: z.string({ error: "validation.required" }).check(z.refine(isStepSlug, "validation.invalid")),
  values: z.optional(z.record(z.string(), z.unknown())),
  advance: z.optional(z.boolean()),
  updated_at: versionSchema,
});

/** PUT /api/applications/{id}/submit. */
export const submitBody = z.object({ updated_at: versionSchema });

export type CreateBody = z.infer<typeof createBody>;
export type SaveBody = z.infer<typeof saveBody>;
export type SubmitBody = z.infer<typeof submitBody>;
