import { describe, expect, it } from "vitest";
import { outcome, rankByMean, rankingWindow, recommendationErrors } from "./rules";

describe("the panel's rules", () => {
  const stored = [
    { id: 1, has_eligible_accesses: true, ta_recommended: null },
    { id: 2, has_eligible_accesses: false, ta_recommended: null },
  ];

  it("is complete once every infrastructure with eligible accesses has a flag, whatever the others say", () => {
    expect(outcome(stored, [])).toEqual({ complete: false, anyRecommended: false });
    expect(outcome(stored, [{ id: 1, ta_recommended: false }])).toEqual({ complete: true, anyRecommended: false });
    expect(outcome(stored, [{ id: 2, ta_recommended: true }])).toEqual({ complete: false, anyRecommended: true });
  });

  it("asks for notes only when complete with none recommended", () => {
    const figures = { ta_units: 1, ta_participants: 1, ta_budget: 1 };
    expect(recommendationErrors(stored, [{ id: 1, ta_recommended: false, ...figures }], undefined)).toEqual({ notes: ["recommendation.errors.notes-required"] });
    expect(recommendationErrors(stored, [{ id: 1, ta_recommended: false, ...figures }], "Why")).toEqual({});
    expect(recommendationErrors(stored, [{ id: 2, ta_recommended: false }], undefined)).toEqual({});
  });
});

describe("the ranking", () => {
  it("ranks ties alike and leaves the unscored unranked, last", () => {
    const rows = [{ id: 1, mean_score: 3 }, { id: 2, mean_score: null }, { id: 3, mean_score: 4.5 }, { id: 4, mean_score: 3 }, { id: 5, mean_score: 1 }];
    expect(rankByMean(rows).map((r) => [r.id, r.rank])).toEqual([[3, 1], [1, 2], [4, 2], [5, 4], [2, null]]);
  });

  it("shows the top and the rows around the application at hand, marking where rows are left out", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i + 1 }));
    const shown = rankingWindow(rows, 30, 3, 2);
    expect(shown.map((r) => r.id)).toEqual([1, 2, 3, 28, 29, 30, 31, 32]);
    expect(shown.filter((r) => r.gap).map((r) => r.id)).toEqual([28]);
    expect(rankingWindow(rows, 2, 3, 2).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(rankingWindow(rows.slice(0, 5), 99).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
