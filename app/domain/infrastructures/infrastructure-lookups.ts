// The infrastructure lookup lists (docs/data.md#lookup-lists) (categories, cost calculations, unit
// costs) as data. Free of zod so list screens ship them to the browser at no
// cost. Values are stored in the infrastructures table; labels are the English
// names the API serves, and the UI translates `infrastructure.<list>.<value>`.

export interface Lookup {
  value: string;
  label: string;
}

/** What kind of facility an infrastructure is (the list's category filter). */
export const INFRASTRUCTURE_CATEGORIES = [
  { value: "research-vessel", label: "Research vessel" },
  { value: "icebreaker", label: "Icebreaker" },
  { value: "field-station", label: "Field station" },
  { value: "observatory", label: "Observatory" },
  { value: "laboratory", label: "Laboratory" },
  { value: "aircraft", label: "Research aircraft" },
  { value: "underwater-vehicle", label: "Underwater vehicle" },
  { value: "data-infrastructure", label: "Data and computing infrastructure" },
] as const satisfies readonly Lookup[];

/** How the cost of an access is declared to the funder (grant agreement cost models). */
export const COST_CALCULATIONS = [
  { value: "unit-cost", label: "Unit cost" },
  { value: "actual-cost", label: "Actual cost" },
  { value: "unit-and-actual-cost", label: "Unit cost and actual cost" },
  { value: "lump-sum", label: "Lump sum" },
] as const satisfies readonly Lookup[];

/** The unit in which access is counted and the cost per unit is expressed. */
export const UNIT_COSTS = [
  { value: "hour", label: "Hour" },
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
  { value: "ship-day", label: "Ship day" },
  { value: "flight-hour", label: "Flight hour" },
  { value: "sample", label: "Sample" },
  { value: "analysis", label: "Analysis" },
  { value: "user-project", label: "User project" },
] as const satisfies readonly Lookup[];

export type InfrastructureCategory = (typeof INFRASTRUCTURE_CATEGORIES)[number]["value"];
export type CostCalculation = (typeof COST_CALCULATIONS)[number]["value"];
export type UnitCost = (typeof UNIT_COSTS)[number]["value"];

export const valuesOf = <T extends readonly Lookup[]>(list: T) => list.map((l) => l.value) as [T[number]["value"], ...T[number]["value"][]];

/**
 * Infrastructure staff may act on their own infrastructures only: the scoped
 * permission `infrastructure-update-<id>` (derived from the staff tables) counts,
 * the unscoped one that the manager/administrator roles imply does not — it
 * would let any manager edit every infrastructure.
 */
export function isInfrastructureStaff(grants: { permissions: string[] }, infrastructureId: number): boolean {
  return grants.permissions.includes(`infrastructure-update-${infrastructureId}`);
}
