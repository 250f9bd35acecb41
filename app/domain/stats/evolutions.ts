// The evolutions of the programme (docs/data.md#evolutions): what the screen and
// the API share, free of zod so the screen ships it to the browser.
import { ACCESS_STATUSES, type AccessStatus } from "../applications/access-status";
import { statsUrlFilters } from "./filter";

/** The tables of the evolutions: one row per call, or per year of submission (Europe/Brussels). */
export const EVOLUTION_BY = ["call", "year"] as const;
export type EvolutionBy = (typeof EVOLUTION_BY)[number];

/** The accesses counted when the query names none (SPEC's list filter default). */
export const DEFAULT_EVOLUTION_ACCESSES: AccessStatus = "proposed";

/** The figures of a row, in the order the screen and the downloads show them. */
export const EVOLUTION_FIGURES = ["submitted", "eligible", "granted", "reported", "accesses", "units"] as const;
export type EvolutionFigure = (typeof EVOLUTION_FIGURES)[number];

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/** The screen's URL: the statistics filter, which accesses count and which table (a value the API would refuse is dropped). */
export function evolutionUrlFilters(params: URLSearchParams) {
  return {
    ...statsUrlFilters(params),
    accesses_status: pick(params.get("accesses_status"), ACCESS_STATUSES),
    by: pick(params.get("by"), EVOLUTION_BY),
  };
}
