import { describe, expect, it } from "vitest";
import { numberFormat } from "./numbers";

describe("numberFormat", () => {
  it("formats as toLocaleString does, with one format per language and options", () => {
    for (const locale of ["en", "fr"]) {
      for (const v of [4, 3.456, 1234.5, 0.125]) {
        expect(numberFormat(locale, { maximumFractionDigits: 2 }).format(v)).toBe(v.toLocaleString(locale, { maximumFractionDigits: 2 }));
        expect(numberFormat(locale).format(v)).toBe(v.toLocaleString(locale));
      }
    }
    expect(numberFormat("fr", { maximumFractionDigits: 2 })).toBe(numberFormat("fr", { maximumFractionDigits: 2 }));
    expect(numberFormat("fr", { maximumFractionDigits: 2 })).not.toBe(numberFormat("en", { maximumFractionDigits: 2 }));
    expect(numberFormat("fr").format(3.5)).toBe("3,5");
  });
});
