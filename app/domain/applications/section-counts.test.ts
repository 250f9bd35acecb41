import { describe, expect, it } from "vitest";
import { daysBetween, sectionCounts } from "./section-counts";

describe("the summary cards' counts", () => {
  it("counts an access's days, both ends included, and none for dates missing or the wrong way round", () => {
    expect(daysBetween("2027-03-01", "2027-03-14")).toBe(14);
    expect(daysBetween("2027-03-01", "2027-03-01")).toBe(1);
    expect(daysBetween("2027-03-14", "2027-03-01")).toBe(0);
    expect(daysBetween(undefined, "2027-03-01")).toBe(0);
  });

  it("counts members, the leader, accesses and their days, and the costs of the accesses still listed", () => {
    const n = sectionCounts({
      group: { members: [{ key: "a", name: "Ana" }, { key: "b", name: "Bo", leader: true }] },
      logistics: {
        infrastructures: [
          { key: "i", infrastructure_id: "7", accesses: [{ key: "x", date_from: "2027-03-01", date_to: "2027-03-10" }, { key: "y", date_from: "2027-04-01", date_to: "2027-04-04" }] },
        ],
      },
      costs: { accesses: [{ key: "x", costs: [{ cost: "100", unit_number: "2" }] }, { key: "gone", costs: [{ cost: "999" }] }] },
    });
    expect(n).toMatchObject({ members: 2, leaderIndex: 1, infrastructures: 1, accesses: 2, days: 14, costAccesses: 1, costCents: 20000 });
    expect(n.leader?.name).toBe("Bo");
  });
});
