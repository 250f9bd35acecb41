import { describe, expect, it } from "vitest";
import { countryLanguage, countryName, countryOptions, foldForSearch } from "./country-names";

describe("country names", () => {
  it("names a code in French", () => {
    expect(countryName("DE", "fr")).toBe("Allemagne");
    expect(countryName("US", "fr")).toBe("États-Unis");
    expect(countryName("CI", "fr")).toBe("Côte d’Ivoire");
  });

  it("names a code in English, and in English for a language the portal does not speak", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("DE", "xx")).toBe("Germany");
    expect(countryName("DE", undefined)).toBe("Germany");
    expect(countryName("DE", "fr-CA")).toBe("Allemagne");
    expect(countryLanguage("FR-be")).toBe("fr");
  });

  it("shows an unknown or malformed code as it is", () => {
    expect(countryName("XX", "fr")).toBe("XX");
    expect(countryName("AA", "en")).toBe("AA");
    expect(countryName("North Korea", "fr")).toBe("North Korea");
    expect(countryName("", "fr")).toBe("");
    expect(countryName("de", "fr")).toBe("Allemagne");
  });

  it("sorts an option list by the French names, accents in their place, and keeps the codes as values", () => {
    const options = countryOptions(["ZA", "EG", "ES", "EC", "AE", "DE", "AX", "US", "ET"], "fr");
    expect(options.map((o) => o.label)).toEqual([
      "Afrique du Sud", "Allemagne", "Égypte", "Émirats arabes unis", "Équateur", "Espagne", "États-Unis", "Éthiopie", "Îles Åland",
    ]);
    expect(options[0]).toEqual({ label: "Afrique du Sud", value: "ZA" });
  });

  it("sorts by the English names in English", () => {
    expect(countryOptions(["DE", "ZA", "EG", "AE", "XX"], "en")).toEqual([
      { label: "Egypt", value: "EG" },
      { label: "Germany", value: "DE" },
      { label: "South Africa", value: "ZA" },
      { label: "United Arab Emirates", value: "AE" },
      { label: "XX", value: "XX" },
    ]);
  });

  it("lists a code once", () => {
    expect(countryOptions(["BE", "BE"], "fr")).toEqual([{ label: "Belgique", value: "BE" }]);
  });

  it("folds case and accents for search", () => {
    expect(foldForSearch("Égypte")).toBe("egypte");
    expect(foldForSearch("Îles Åland")).toContain("iles aland");
  });
});
