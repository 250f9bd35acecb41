import { describe, expect, it } from "vitest";
import { canonicalOrcid, orcidCheckCharacter, orcidLink } from "./orcid";

describe("ORCID iDs (ISO 7064 MOD 11-2)", () => {
  it.each([
    ["0000-0002-1825-0097", "0000-0002-1825-0097"],
    ["0000-0001-5109-3700", "0000-0001-5109-3700"],
    ["0000-0002-1694-233X", "0000-0002-1694-233X"],
    ["0000-0002-1694-233x", "0000-0002-1694-233X"],
    ["https://orcid.org/0000-0002-1825-0097", "0000-0002-1825-0097"],
    ["http://orcid.org/0000-0001-5109-3700", "0000-0001-5109-3700"],
    ["orcid.org/0000-0002-1694-233X", "0000-0002-1694-233X"],
    [" 0000 0002 1825 0097 ", "0000-0002-1825-0097"],
    ["0000000218250097", "0000-0002-1825-0097"],
    ["0000-0003-1415-9269", "0000-0003-1415-9269"],
  ])("accepts %j as %s", (typed, canonical) => {
    expect(canonicalOrcid(typed)).toBe(canonical);
  });

  it.each([
    "0000-0002-1825-0098", // last digit mistyped
    "0000-0002-1825-0079", // two digits swapped
    "0000-0001-5109-370X",
    "0000-0002-1694-2330",
    "0000-0002-1825-009", // 15 characters
    "0000-0002-1825-00970", // 17
    "0000-000X-1825-0097", // X only last
    "https://example.org/0000-0002-1825-0097",
    "abcd-efgh-ijkl-mnop",
    "",
    "0".repeat(200),
  ])("refuses %j", (typed) => {
    expect(canonicalOrcid(typed)).toBeUndefined();
  });

  it("computes the check character, X for ten", () => {
    expect(orcidCheckCharacter("000000021825009")).toBe("7");
    expect(orcidCheckCharacter("000000021694233")).toBe("X");
  });

  it("links only a valid iD", () => {
    expect(orcidLink("0000-0002-1825-0097")).toBe("https://orcid.org/0000-0002-1825-0097");
    expect(orcidLink("0000-0002-1825-0098")).toBeUndefined();
    expect(orcidLink(null)).toBeUndefined();
  });
});
