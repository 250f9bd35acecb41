import { describe, expect, it } from "vitest";
import { TRANSNATIONAL_CASES } from "../../../tests/api/transnational-cases";
import { transnational } from "./transnational";

describe("transnational: the group leader and the majority of the members work abroad", () => {
  for (const c of TRANSNATIONAL_CASES) {
    it(c.name, () => {
      const r = transnational(c.country, c.excluded, c.members);
      expect({ eligible: r.eligible, reason: r.reason }).toEqual({ eligible: c.eligible, reason: c.reason });
    });
  }

  it("says how many work abroad, how many have no work country, and where the leader works", () => {
    expect(transnational("no", ["fr", "FR"], [{ work_country: "de", leader: true }, { work_country: "NO" }, { work_country: "" }, { work_country: "FR" }, { work_country: "IT" }])).toEqual({
      eligible: null, reason: "countries-missing", country: "NO", excluded: ["FR"], leader_country: "DE", members: 5, outside: 2, missing: 1,
    });
  });
});
