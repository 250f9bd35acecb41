// What each wizard step with fields provides (ADR 018).
import type * as z from "zod/mini";
import { fieldErrorsOf, type FieldErrors } from "../field-errors";
import type { WizardContext } from "./context";

export interface StepModule<Section> {
  /** Bounds of what a post may store: every field optional, every text and list bounded. Conform reads the form with it. */
  draft: z.ZodMiniType<Section>;
  /** The step's rules: what is wrong with the section as stored (no key: the step is complete). */
  check(section: Section | undefined, ctx: WizardContext): FieldErrors;
  /** Optional fields left blank that reviewers value: the review's "Suggestion" counter. */
  suggestions?(section: Section | undefined, ctx: WizardContext): string[];
}

/**
 * `build(key)` kept per `key` object (and `variant`): a rules schema costs far
 * more to build than to run (zod; building them was most of a judgement, and
 * every step page and save judges the whole draft), and what they depend on
 * (the context's lookup lists, its call) is kept in memory and shared (ADR 019).
 */
export function keptPer<K extends object, S>(build: (key: K, variant: string) => S): (key: K, variant?: string) => S {
  const kept = new WeakMap<K, Map<string, S>>();
  return (key, variant = "") => {
    let byVariant = kept.get(key);
    if (!byVariant) kept.set(key, (byVariant = new Map()));
    let rules = byVariant.get(variant);
    if (!rules) byVariant.set(variant, (rules = build(key, variant)));
    return rules;
  };
}

/** The errors of `value` against a rules schema, plus those `extra` adds (first message of a field wins). */
export function errorsAgainst(schema: z.ZodMiniType, value: unknown, extra: FieldErrors = {}): FieldErrors {
  const parsed = schema.safeParse(value ?? {});
  const errors = parsed.success ? (Object.create(null) as FieldErrors) : fieldErrorsOf(parsed.error.issues);
  for (const [field, messages] of Object.entries(extra)) errors[field] ??= messages;
  return errors;
}

/** Names of `fields` that are blank in `section`. */
export const blanks = <S extends object>(section: S | undefined, fields: readonly (keyof S & string)[]) =>
  fields.filter((f) => {
    const v = section?.[f];
    return v === undefined || v === null || (typeof v === "string" && !v.trim()) || (Array.isArray(v) && !v.length);
  });
