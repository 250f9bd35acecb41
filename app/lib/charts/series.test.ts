// The figures a loader derives from a statistics table before charting it (docs/ui.md#charts).
import { describe, expect, it } from "vitest";
import { columnTotals, euroFormat, largest, rest, weightedMean } from "./index.server";

describe("rest", () => {
  it("is the total less its parts, never below zero", () => {
    expect(rest(10, 3, 2)).toBe(5);
    expect(rest(10)).toBe(10);
    expect(rest(4, 3, 2)).toBe(0);
  });
});

describe("columnTotals", () => {
  it("adds each column over the rows, a short row's missing cells as 0", () => {
    expect(columnTotals([[1, 2, 3], [4, 5, 6], [7]])).toEqual([12, 7, 9]);
    expect(columnTotals([])).toEqual([]);
  });
});

describe("weightedMean", () => {
  it("is the mean of the values each counted its weight's times, null when nothing is counted", () => {
    // Scores 1, 2 and 5 given 1, 0 and 3 times: (1 + 15) / 4.
    expect(weightedMean([1, 2, 5], [1, 0, 3])).toBe(4);
    expect(weightedMean([1, 2], [0, 0])).toBeNull();
  });
});

describe("largest", () => {
  it("keeps the rows of largest value, largest first, ties in their order, none of zero", () => {
    const rows = [{ n: "a", v: 2 }, { n: "b", v: 5 }, { n: "c", v: 0 }, { n: "d", v: 2 }, { n: "e", v: 1 }];
    expect(largest(rows, 3, (r) => r.v).map((r) => r.n)).toEqual(["b", "a", "d"]);
    expect(largest(rows, 10, (r) => r.v).map((r) => r.n)).toEqual(["b", "a", "d", "e"]);
  });
});

describe("euroFormat", () => {
  it("writes whole euros, and thousands or millions once large, in the reader's language", () => {
    const en = euroFormat("en");
    expect([0, 950.4, 12_345, 20_000, 1_234_567].map(en)).toEqual(["€0", "€950", "€12.3k", "€20k", "€1.2m"]);
    const fr = euroFormat("fr");
    expect(fr(950)).toBe("950\u00a0€");
    expect(fr(12_345)).toMatch(/^12,3\sk\s€$/);
  });
});
