// The bodies of the staff's intake writes (zod/mini, shared by the API
// contract and the admin screen that sends them).
import * as z from "zod/mini";
import { Id, idListOf } from "../ids";
import { versionSchema } from "../dates";
import { APPLICATION_STATUSES } from "../applications/status";
import { optionalText, TEXT_MAX } from "../applications/fields";

/** The most reviewers of one kind an application may have (far above any panel). */
export const REVIEWERS_MAX = 30;
/** The most accesses one application can have (10 infrastructures × 20 accesses, as the wizard bounds them). */
export const ACCESS_DECISIONS_MAX = 200;

const notes = optionalText(TEXT_MAX);

/** PUT /api/applications/{id}/change-status. */
export const changeStatusBody = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalid") }),
  notes,
  updated_at: versionSchema,
});

/** PUT /api/applications/{id}/restore-draft, /undo-withdrawn, /reopen-reporting-status. */
export const transitionBody = z.object({ notes, updated_at: versionSchema });

/** The editor's endpoints that change a status; each but change-status has one transition per status. */
export const STATUS_ENDPOINTS = ["change-status", "restore-draft", "undo-withdrawn", "reopen-reporting-status"] as const;
export type StatusEndpoint = (typeof STATUS_ENDPOINTS)[number];

/** PUT /api/applications/{id}/infrastructure: one requested infrastructure replaced by another the call offers. */
export const infrastructureChangeBody = z.object({
  application_infrastructure_id: Id,
  infrastructure_id: Id,
  updated_at: versionSchema,
});
export type InfrastructureChangeBody = z.infer<typeof infrastructureChangeBody>;

/** PUT /api/applications/{id}/eligibility: a decision per access, and why when none is eligible. */
export const eligibilityBody = z.object({
  accesses: z
    .array(z.object({ id: Id, eligible: z.boolean({ error: "validation.required" }) }))
    .check(z.minLength(1, "validation.required"), z.maxLength(ACCESS_DECISIONS_MAX, "validation.max")),
  notes,
  updated_at: versionSchema,
});

const reviewers = z._default(idListOf("validation.invalid", REVIEWERS_MAX), []);

/** PUT /api/applications/{id}/save-wd: the whole lists (replace semantics). */
export const saveWdBody = z.object({ evaluators: reviewers, watchdogs: reviewers, viewers: reviewers, updated_at: versionSchema });

export type ChangeStatusBody = z.infer<typeof changeStatusBody>;
export type TransitionBody = z.infer<typeof transitionBody>;
export type EligibilityBody = z.infer<typeof eligibilityBody>;
export type SaveWdBody = z.infer<typeof saveWdBody>;
