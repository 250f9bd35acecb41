import { describe, expect, it } from "vitest";
import { FINAL_STATUSES, isFinalStatus } from "./lifecycle";

describe("final statuses (docs/lifecycle.md#final-statuses)", () => {
  it("are those only a correction moves on", () => {
    expect([...FINAL_STATUSES].sort()).toEqual(["canceled", "not-eligible", "rejected", "reported", "withdrawn"]);
  });

  it("leave every status someone still acts on in progress", () => {
    for (const s of ["draft", "submit", "under-evaluation", "granted", "accepted", "reporting"] as const) expect(isFinalStatus(s), s).toBe(false);
  });
});
