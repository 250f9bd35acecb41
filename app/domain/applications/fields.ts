// Building blocks of the wizard's schemas (zod/mini). Only the server builds
// them: what the screens need is in zod-free modules (ADR 020).
//
// Each step has two schemas (ADR 018): its *draft* schema bounds what may be
// stored (every field optional, any text up to DRAFT_TEXT_MAX, lists bounded)
// so a post is saved as typed, valid or not; its *rules* say what a complete
// step is (required fields, the lengths of docs/validation.md#limits, formats, cross-field rules).
import * as z from "zod/mini";
import { decimalOf } from "./money";
import { singleLine } from "../single-line";

export { decimalOf };

/** The longest entry a draft keeps: ten times the longest text of docs/validation.md#limits, so a paste that is too long is kept and flagged, not lost. */
export const DRAFT_TEXT_MAX = 20_000;
export const TITLE_MAX = 255;
export const TEXT_MAX = 2000;

export const draftText = z.optional(z.string().check(z.maxLength(DRAFT_TEXT_MAX, "validation.max")));
export const draftFlag = z.optional(z.boolean());
export const draftList = <T extends z.ZodMiniType>(item: T, max: number) => z.optional(z.array(item).check(z.maxLength(max, "validation.too-many")));
/** A row's stable key, so rows that refer to each other (an access's member) survive removals. */
export const draftKey = z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, "validation.invalid")));

// Rules. Empty fields arrive as undefined (blank-to-absent), so "required" is an undefined input.
const requiredOr = (message: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : message) });

export const requiredText = (max: number) => z.string(requiredOr("validation.invalid")).check(z.trim(), z.minLength(1, "validation.required"), z.maxLength(max, "validation.max"));
export const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max, "validation.max")));
/** A single-line text (title, acronym, name: docs/validation.md#single-line-texts): no line break, tab or control character. */
export const requiredLine = (max = TITLE_MAX) =>
  z.string(requiredOr("validation.invalid")).check(singleLine(), z.trim(), z.minLength(1, "validation.required"), z.maxLength(max, "validation.max"));
export const optionalLine = (max = TITLE_MAX) => z.optional(z.string().check(z.maxLength(max, "validation.max"), singleLine()));
export const requiredEmail = z.email(requiredOr("validation.email")).check(z.maxLength(TITLE_MAX, "validation.max"));
/** A whole number typed as text (the draft keeps what was typed), between min and max. */
export const wholeNumber = (min: number, max: number, message = "validation.invalid") =>
  z.string(requiredOr(message)).check(z.refine((v) => /^\d{1,9}$/.test(v.trim()) && Number(v) >= min && Number(v) <= max, message));
/** A decimal typed as text ("12.5" or "12,5"), at least min. */
export const decimal = (min: number, message: string) =>
  z.string(requiredOr(message)).check(z.refine((v) => { const n = decimalOf(v); return n !== undefined && n >= min && n < 1e9; }, message));
export const accepted = (message: string) => z.literal(true, requiredOr(message));
