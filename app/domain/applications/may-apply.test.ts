import { describe, expect, it } from "vitest";
import { applyRefusal } from "./may-apply";

describe("applyRefusal (docs/lifecycle.md#creation)", () => {
  const open = { is_open: true, unauthorized_countries: ["KP", "SY"] };
  it("takes an applicant from a country the call does not exclude", () => {
    expect(applyRefusal(open, "BE")).toBeNull();
    expect(applyRefusal({ is_open: true, unauthorized_countries: [] }, null)).toBeNull();
  });
  it("refuses an excluded country, and asks for the country when the call excludes some", () => {
    expect(applyRefusal(open, "SY")).toBe("applications.country-not-authorized");
    expect(applyRefusal(open, null)).toBe("applications.country-missing");
    expect(applyRefusal(open, "")).toBe("applications.country-missing");
  });
  it("says the call is closed first", () => {
    expect(applyRefusal({ ...open, is_open: false }, "SY")).toBe("applications.call-closed");
  });
});
