import { describe, expect, it } from "vitest";
import { BUDGET_MAX, euroOf, missingFields, wholeOf } from "./rules";

describe("the decision's figures", () => {
  it("reads whole numbers from JSON and forms, within bounds", () => {
    expect(wholeOf(3, 10)).toBe(3);
    expect(wholeOf(" 7 ", 10)).toBe(7);
    expect(wholeOf(0, 10)).toBe(0);
    for (const bad of [-1, 11, 2.5, "2.5", "x", "", null, true]) expect(wholeOf(bad, 10), String(bad)).toBeUndefined();
  });

  it("reads euro amounts with at most two decimals, a comma or a point", () => {
    expect(euroOf("1250,50")).toBe(1250.5);
    expect(euroOf("12.3")).toBe(12.3);
    expect(euroOf(99.99)).toBe(99.99);
    expect(euroOf(BUDGET_MAX)).toBe(BUDGET_MAX);
    for (const bad of [-1, 1.234, "1.234", "1e3", "12,", BUDGET_MAX + 1, Number.NaN, "€5"]) expect(euroOf(bad), String(bad)).toBeUndefined();
  });
});

describe("the infrastructure decision's rules (docs/validation.md#infrastructure-decision)", () => {
  it("requires every field when the infrastructure has eligible accesses", () => {
    expect(Object.keys(missingFields({}, true)).sort()).toEqual(["sm_accepted", "sm_budget", "sm_justification", "sm_participants", "sm_units"]);
    expect(missingFields({ sm_accepted: false, sm_units: 0, sm_participants: 0, sm_budget: 0, sm_justification: "Full" }, true)).toEqual({});
    expect(missingFields({ sm_accepted: true, sm_units: 1, sm_participants: 1, sm_budget: 1, sm_justification: "  " }, true)).toEqual({ sm_justification: ["validation.required"] });
  });

  it("requires nothing when none of its accesses is eligible", () => {
    expect(missingFields({}, false)).toEqual({});
  });
});
