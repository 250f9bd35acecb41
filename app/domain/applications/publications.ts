// The publications step's top five as the form and the rules read them
// (docs/validation.md#publications). No zod: the browser loads it (ADR 020); step-publications.ts has
// the schemas.

export const TOP_FIVE = 5;

/** Top five by position: "" for a blank row, at least five rows. */
export const topFiveRows = (rows: Record<number, string | undefined>, count: number): string[] =>
  Array.from({ length: Math.max(TOP_FIVE, count) }, (_, i) => rows[i] ?? "");
