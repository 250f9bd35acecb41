import { describe, expect, it } from "vitest";
import { memberCountryCodes } from "./members";
import type { MemberDraft } from "./step-group";

describe("memberCountryCodes", () => {
  it("lists each country the members name once, in any of the three country fields, and skips empty ones", () => {
    const members = [
      { nationality: "NO", residence_country: "BE", work_country: "NO" },
      { nationality: "FR", residence_country: "", work_country: undefined },
      { name: "No countries" },
    ] as MemberDraft[];
    expect(memberCountryCodes({ members } as never)).toEqual(["NO", "BE", "FR"]);
    expect(memberCountryCodes(undefined)).toEqual([]);
  });
});
