// Which fields the assistant filled and what became of them
// (docs/decisions/042-assistant-pre-fill.md): the pre-fill keeps the list of
// fields it filled with the values it suggested (in ai_response); comparing
// them with the draft as it is now tells "suggested" (untouched since),
// "confirmed" (the applicant saved the step without changing it) and "edited".
// No zod: the wizard's and the staff screens read it.
import type { Draft } from "../applications/draft";

export const PROJECT_FILLED = ["title", "acronym", "description", "discipline", "activity_keywords"] as const;
export const ACCESS_FILLED = ["justification", "available_season", "bring_equipment", "need_equipment"] as const;

/** One field the assistant filled: its path in the draft ("project.title", "logistics.infrastructures[0].accesses[0].justification") and the value it put there. */
export interface Filled {
  field: string;
  value: string | string[];
}

export type FieldOrigin = "suggested" | "confirmed" | "edited";
export const FIELD_ORIGINS = ["suggested", "confirmed", "edited"] as const satisfies readonly FieldOrigin[];

/** What ai_response keeps. */
export interface AssistantRecord {
  provider: "extractive" | "model";
  model: string | null;
  at: string;
  /** The answer as the assistant gave it (bounded), for staff. */
  raw: string;
  filled: Filled[];
  /** The sections saved by the applicant since the pre-fill (their step's Save or Next), by section. */
  confirmed: Record<string, string>;
}

/** The value at a draft path such as "logistics.infrastructures[0].accesses[1].justification". */
export function valueAt(draft: Draft, path: string): unknown {
  let at: unknown = draft;
  for (const key of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b)
    ? JSON.stringify((Array.isArray(a) ? a : []).filter(Boolean)) === JSON.stringify((Array.isArray(b) ? b : []).filter(Boolean))
    : (typeof a === "string" ? a.trim() : a) === (typeof b === "string" ? b.trim() : b);

/** Each filled field with what became of it. */
export function originsOf(record: Pick<AssistantRecord, "filled" | "confirmed"> | null | undefined, draft: Draft): { field: string; value: string | string[]; origin: FieldOrigin }[] {
  return (record?.filled ?? []).map(({ field, value }) => ({
    field,
    value,
    origin: !same(valueAt(draft, field), value) ? "edited" : record?.confirmed?.[field.split(".")[0]] ? "confirmed" : "suggested",
  }));
}
