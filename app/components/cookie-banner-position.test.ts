import { describe, expect, it } from "vitest";
import { bannerPlacement } from "./cookie-banner-position";

describe("cookie banner position (docs/validation.md#cookie-banner-position)", () => {
  it("places the banner in each corner", () => {
    expect(bannerPlacement("bottom-right")).toEqual({ bottom: "1rem", right: "1rem" });
    expect(bannerPlacement("top-left")).toEqual({ top: "1rem", left: "1rem" });
  });
  it("accepts an object with only top, left, right and bottom", () => {
    expect(bannerPlacement({ bottom: "2rem", left: "0" })).toEqual({ bottom: "2rem", left: "0" });
  });
  it("throws on anything else", () => {
    expect(() => bannerPlacement("middle")).toThrow(/Invalid cookie banner position/);
    expect(() => bannerPlacement({ top: "1rem", width: "5rem" })).toThrow();
    expect(() => bannerPlacement({})).toThrow();
    expect(() => bannerPlacement(["top"])).toThrow();
  });
});
