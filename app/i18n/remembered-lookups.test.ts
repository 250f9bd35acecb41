// The server's translations are remembered per lookup (i18next.server.ts): a
// lookup's text depends on its key and plain options only, and comes out the same
// whether made or remembered.
import { describe, expect, it } from "vitest";
import { i18nextFor, lookupId } from "./i18next.server";

describe("lookupId", () => {
  it("names a lookup by its key and plain options, and refuses the others", () => {
    expect(lookupId("a.b")).toBe("a.b");
    expect(lookupId("a.b", { lng: "fr", ns: "common", count: 2 })).toBe(lookupId("a.b", { lng: "fr", ns: "common", count: 2, keyPrefix: undefined }));
    expect(lookupId("a.b", { count: 2 })).not.toBe(lookupId("a.b", { count: "2" }));
    expect(lookupId("a.b", { n: 1 })).not.toBe(lookupId("a.b", { m: 1 }));
    expect(lookupId("a.b", { lngs: ["fr", "en"] })).not.toBe(lookupId("a.b", { lngs: ["en", "fr"] }));
    expect(lookupId("a.b", { keyPrefix: null })).not.toBe(lookupId("a.b", { keyPrefix: "null" }));
    expect(lookupId("a.b", { keyPrefix: null })).not.toBeNull();
    expect(lookupId("a.b", { replace: { n: 1 } })).toBeNull();
    expect(lookupId("a.b", { returnObjects: true })).toBeNull();
    expect(lookupId("a.b", { format: () => "" })).toBeNull();
    expect(lookupId(["a.b", "c"])).toBeNull();
  });
});

describe("the server's t", () => {
  it("gives each lookup its own text, the same when remembered", () => {
    for (const lng of ["en", "fr"] as const) {
      const t = i18nextFor(lng).getFixedT(lng);
      const one = t("dashboard.open-calls", { count: 1 });
      const five = t("dashboard.open-calls", { count: 5 });
      expect(one).not.toBe(five);
      expect(five).toContain("5");
      expect(t("dashboard.open-calls", { count: 1 })).toBe(one);
      expect(t("dashboard.open-calls", { count: 5 })).toBe(five);
    }
    expect(i18nextFor("fr").getFixedT("fr")("dashboard.open-calls", { count: 5 })).not.toBe(i18nextFor("en").getFixedT("en")("dashboard.open-calls", { count: 5 }));
  });
});

describe("the t components get on the server (react-i18next's getFixedT: no language, the default namespace, no key prefix)", () => {
  it("is made once per language and gives i18next's own texts, remembered or not", () => {
    for (const lng of ["en", "fr"] as const) {
      const instance = i18nextFor(lng);
      const t = instance.getFixedT(null, "common", undefined);
      expect(instance.getFixedT(null, "common", undefined)).toBe(t);
      // As react-i18next asks when no namespace is named.
      expect((instance.getFixedT as unknown as (lng: null) => unknown)(null)).toBe(t);
      // What react-i18next's Trans reads of it.
      expect((t as unknown as { ns: string }).ns).toBe("common");
      const own = instance.getFixedT(lng, "common");
      expect(own).not.toBe(t);
      const lookups: [string, Record<string, unknown>?][] = [
        ["dashboard.open-calls", { count: 1 }],
        ["dashboard.open-calls", { count: 5 }],
        ["list.chip", { field: "Status", value: "Draft" }],
        ["list.empty"],
        ["no.such.key", { defaultValue: "Fallback" }],
      ];
      for (const [key, options] of lookups) {
        const made = own(key, options);
        expect(t(key, options), `${lng} ${key}`).toBe(made);
        expect(t(key, options), `${lng} ${key}, remembered`).toBe(made);
      }
      expect(t("dashboard.open-calls", { count: 1 })).not.toBe(t("dashboard.open-calls", { count: 5 }));
    }
  });

  it("leaves any other getFixedT to i18next: a key prefix, another language", () => {
    const en = i18nextFor("en");
    const prefixed = en.getFixedT(null, "common", "dashboard");
    expect(prefixed("open-calls", { count: 5 })).toBe(en.getFixedT(null, "common")("dashboard.open-calls", { count: 5 }));
    expect(en.getFixedT("fr")("dashboard.open-calls", { count: 5 })).toBe(i18nextFor("fr").getFixedT(null, "common")("dashboard.open-calls", { count: 5 }));
  });
});
