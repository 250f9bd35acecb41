// The reviewers' request bodies (zod/mini, shared by the API contract and the
// screens' actions). Messages are translation keys.
import * as z from "zod/mini";
import { versionSchema } from "../dates";
import { Id, ID_TEXT } from "../ids";
import { JUSTIFICATION_MAX, NOTE_MAX } from "./criteria";

const required = (invalid: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : invalid),
});

/** A ticked declaration: only `true` passes; unticked reads as "this declaration is required". */
const declaration = z.literal(true, { error: "reviews.validation.declaration-required" });

const note = z
  .string(required("validation.invalid"))
  .check(z.trim(), z.minLength(1, "validation.required"), z.maxLength(NOTE_MAX, "validation.max"));

/** PUT /api/evaluations/{id}/accept. */
export const acceptBody = z.object({
  confidential_declaration: declaration,
  conflictofinterest_declaration: declaration,
  updated_at: versionSchema,
});

/** PUT /api/evaluations/{id}/send-conflict and /api/watchdog-reviews/{id}/send-conflict: the note is required. */
export const conflictBody = z.object({ note, updated_at: versionSchema });
export type AcceptInput = z.infer<typeof acceptBody>;
export type ConflictInput = z.infer<typeof conflictBody>;

/** The most criteria one evaluation may name (a call has a handful). */
export const SCORES_MAX = 50;

const criterionScore = z.object({
  // Range and halves are judged against the call (scoreError), so every criterion's error shows at once.
  score: z.optional(z.number({ error: "reviews.validation.score-range" })),
  justification: z.optional(z.string({ error: "validation.invalid" }).check(z.trim(), z.maxLength(JUSTIFICATION_MAX, "validation.max"))),
});

/** PUT /api/evaluations/{id}: scores by criterion id; `submit: true` hands the evaluation in (every criterion scored and justified). */
export const evaluationBody = z.object({
  scores: z._default(
    z.record(z.string(), criterionScore).check(
      z.refine((r) => Object.keys(r).length <= SCORES_MAX, "validation.max"),
      z.refine((r) => Object.keys(r).every((k) => ID_TEXT.test(k)), "reviews.validation.criterion"),
    ),
    {},
  ),
  submit: z._default(z.boolean({ error: "validation.invalid" }), false),
  updated_at: versionSchema,
});
export type EvaluationInput = z.infer<typeof evaluationBody>;

/** PUT /api/watchdog-reviews/{id}: agree, or a comment the editor must read (the comment then required). */
export const watchdogReviewBody = z
  .object({
    verdict: z.enum(["agree", "comment"], required("validation.invalid")),
    comment: z.optional(z.string({ error: "validation.invalid" }).check(z.trim(), z.maxLength(NOTE_MAX, "validation.max"))),
    /** The review's version when it exists (the first save creates it). */
    updated_at: z.optional(versionSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.verdict === "comment" && !v.comment) ctx.addIssue({ code: "custom", message: "validation.required", path: ["comment"], input: v.comment });
    }),
  );

export type WatchdogReviewInput = z.infer<typeof watchdogReviewBody>;

/** PUT /api/applications/{id}/viewer-save-confidential. */
export const viewerDeclarationBody = z.object({ confidential_declaration: declaration });
export type ViewerDeclarationInput = z.infer<typeof viewerDeclarationBody>;

/** PUT /api/applications/{id}/reopen-watchdog-review. */
export const reopenBody = z.object({ review_id: Id });
export type ReopenReviewInput = z.infer<typeof reopenBody>;
