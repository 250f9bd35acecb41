import { describe, expect, it } from "vitest";
import { scoreError, scoreSteps } from "./criteria";

describe("scores (docs/validation.md#limits: integers 1 to 5, or with halves if the call allows it)", () => {
  it("takes whole points always and half points only on a call with halves", () => {
    for (const s of [1, 2, 3, 4, 5]) expect(scoreError(s, false)).toBeUndefined();
    expect(scoreError(4.5, false)).toBe("reviews.validation.score-half");
    expect(scoreError(4.5, true)).toBeUndefined();
    expect(scoreSteps(true)).toHaveLength(9);
    expect(scoreSteps(false)).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses anything outside 1–5 or between halves, with or without halves", () => {
    for (const halves of [false, true]) {
      for (const s of [0, 0.5, 5.5, 6, -1, 4.25, 3.1, Number.NaN, Number.POSITIVE_INFINITY]) expect(scoreError(s, halves), String(s)).toBe("reviews.validation.score-range");
    }
  });
});
