import { describe, expect, it } from "vitest";
import {
  COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, infrastructureSchema, infrastructureStaffSchema, isInfrastructureStaff, periodIssues,
  UNIT_COSTS,
} from "./infrastructure";
import { blanksToAbsent as blanksToUndefined, fieldName } from "../write.server";

const errorsOf = (input: unknown, schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = infrastructureSchema) => {
  const result = schema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [fieldName(i.path), i.message]));
};
const base = { name: "Station", periods: [], administrators: [] };

describe("available periods", () => {
  it("accepts ordered, separate periods in any order, adjacent ones included", () => {
    expect(periodIssues([
      { date_from: "2030-03-01", date_to: "2030-03-31" },
      { date_from: "2030-01-01", date_to: "2030-02-28" },
      { date_from: "2030-04-01", date_to: "2030-04-01" },
    ])).toEqual([]);
  });

  it("refuses a period that ends before it starts, on its end date", () => {
    expect(periodIssues([{ date_from: "2030-05-02", date_to: "2030-05-01" }])).toEqual([
      { index: 0, field: "date_to", message: "infrastructure-validation.period-order" },
    ]);
  });

  it("refuses overlaps, sharing a single day included, on the later-starting period", () => {
    expect(periodIssues([
      { date_from: "2030-02-01", date_to: "2030-02-10" },
      { date_from: "2030-01-01", date_to: "2030-02-01" },
    ])).toEqual([{ index: 0, field: "date_from", message: "infrastructure-validation.period-overlap" }]);
  });

  it("catches a period inside a long one that an intermediate one does not reach", () => {
    const issues = periodIssues([
      { date_from: "2030-01-01", date_to: "2030-12-31" },
      { date_from: "2030-02-01", date_to: "2030-02-10" },
      { date_from: "2030-06-01", date_to: "2030-06-10" },
    ]);
    expect(issues.map((i) => i.index)).toEqual([1, 2]);
  });

  it("leaves incomplete rows to the required rule", () => {
    expect(periodIssues([{ date_from: "2030-01-01" }, { date_to: "2030-01-05" }])).toEqual([]);
  });
});

describe("infrastructure schema", () => {
  it("needs only a name, trims texts and defaults the flags to false", () => {
    const parsed = infrastructureSchema.parse({ ...base, name: "  Station  " });
    expect(parsed).toMatchObject({ name: "Station", actual_cost: false, preset_unit_cost: false, periods: [], administrators: [] });
    expect(errorsOf({ ...base, name: undefined })).toEqual({ name: "validation.required" });
    expect(errorsOf({ ...base, name: "   " })).toEqual({ name: "validation.required" });
  });

  it("limits texts to 255 characters and the description to 2000", () => {
    expect(errorsOf({ ...base, name: "x".repeat(256), owner: "x".repeat(255), description: "x".repeat(2001) })).toEqual({
      name: "validation.max",
      description: "validation.max",
    });
  });

  it("takes amounts in euro with at most two decimals, never negative", () => {
    expect(errorsOf({ ...base, ga_usage_cost_budget: 10.5, ga_other_cost_budget: 0, cost_per_unit: 99.99 })).toEqual({});
    expect(errorsOf({ ...base, ga_usage_cost_budget: 10.555 })).toEqual({ ga_usage_cost_budget: "infrastructure-validation.money" });
    expect(errorsOf({ ...base, ga_other_cost_budget: -1 })).toEqual({ ga_other_cost_budget: "infrastructure-validation.min-zero" });
    expect(errorsOf({ ...base, cost_per_unit: Number.NaN })).toEqual({ cost_per_unit: "infrastructure-validation.number" });
  });

  it("takes the access quantity as a whole number from 0", () => {
    expect(errorsOf({ ...base, ga_access_quantity: 0 })).toEqual({});
    expect(errorsOf({ ...base, ga_access_quantity: 1.5 })).toEqual({ ga_access_quantity: "infrastructure-validation.integer" });
  });

  it("requires the cost per unit only when the unit cost is preset", () => {
    expect(errorsOf({ ...base, preset_unit_cost: true })).toEqual({ cost_per_unit: "infrastructure-validation.cost-per-unit-required" });
    expect(errorsOf({ ...base, preset_unit_cost: true, cost_per_unit: 0 })).toEqual({});
    expect(errorsOf({ ...base, preset_unit_cost: false })).toEqual({});
  });

  it("reports the cross-field rules alongside the field errors, so one post shows them all", () => {
    expect(errorsOf({ ...base, name: "", preset_unit_cost: true, category: "nope", manager_id: 4, administrators: [4] })).toEqual({
      name: "validation.required",
      category: "validation.invalid",
      cost_per_unit: "infrastructure-validation.cost-per-unit-required",
      administrators: "infrastructure-validation.manager-is-administrator",
    });
  });

  it("checks the lookups, the country code and the website's scheme", () => {
    const ok = { ...base, category: INFRASTRUCTURE_CATEGORIES[0].value, cost_calculation: COST_CALCULATIONS[0].value, unit_cost_type: UNIT_COSTS[0].value };
    expect(errorsOf({ ...ok, country: "BE", website: "https://example.org" })).toEqual({});
    expect(errorsOf({ ...ok, country: "be", website: "ftp://example.org" })).toEqual({
      country: "infrastructure-validation.country",
      website: "validation.url",
    });
  });

  it("refuses duplicate administrators and a manager who is also one", () => {
    expect(errorsOf({ ...base, administrators: [3, 3] })).toEqual({ administrators: "infrastructure-validation.administrators-duplicate" });
    expect(errorsOf({ ...base, manager_id: 3, administrators: [3] })).toEqual({ administrators: "infrastructure-validation.manager-is-administrator" });
    expect(errorsOf({ ...base, manager_id: 3, administrators: [4, 5] })).toEqual({});
  });

  it("has no staff fields in the staff version: whatever is sent for them is dropped", () => {
    const parsed = infrastructureStaffSchema.parse({ name: "Station", periods: [], manager_id: 9, administrators: [1] });
    expect(parsed).not.toHaveProperty("manager_id");
    expect(parsed).not.toHaveProperty("administrators");
  });

  it("names period errors as the form names the fields", () => {
    expect(errorsOf({ ...base, periods: [{ date_from: "2030-01-01" }, { date_from: "2030-13-01", date_to: "2030-12-01" }] })).toEqual({
      "periods[0].date_to": "validation.required",
      "periods[1].date_from": "infrastructure-validation.date",
    });
  });
});

describe("lookup lists", () => {
  it.each([
    ["categories", INFRASTRUCTURE_CATEGORIES],
    ["cost calculations", COST_CALCULATIONS],
    ["unit costs", UNIT_COSTS],
  ] as const)("%s have unique values and labels", (_name, list: readonly { value: string; label: string }[]) => {
    expect(new Set(list.map((l) => l.value)).size).toBe(list.length);
    expect(new Set(list.map((l) => l.label)).size).toBe(list.length);
  });
});

describe("infrastructure staff", () => {
  it("counts the scoped permission only, never the unscoped role grant", () => {
    expect(isInfrastructureStaff({ permissions: ["infrastructure-update-7"] }, 7)).toBe(true);
    expect(isInfrastructureStaff({ permissions: ["infrastructure-update", "infrastructure-update-8"] }, 7)).toBe(false);
    expect(isInfrastructureStaff({ permissions: ["infrastructure-update-70"] }, 7)).toBe(false);
  });
});

describe("API input", () => {
  it("treats blanks and nulls as absent at any depth", () => {
    expect(blanksToUndefined({ a: "", b: null, c: " x ", d: [{ e: "  ", f: "2030-01-01" }], g: 0, h: false })).toEqual({
      c: " x ",
      d: [{ f: "2030-01-01" }],
      g: 0,
      h: false,
    });
  });
});
