// The bounds of the draft's lists that the sections' schemas (section-*.ts) and
// the zod-free helpers the browser loads (members.ts, accesses.ts, costs.ts,
// appendices.ts; ADR 020) share. No imports: both sides read it without
// importing each other (docs/decisions/035-layers.md).

export const MEMBERS_MAX = 50;
export const INFRASTRUCTURES_MAX = 10;
export const ACCESSES_MAX = 20;
export const COSTS_MAX = 30;
export const LETTERS_MAX = 5;
export const EXTRA_MAX = 10;
