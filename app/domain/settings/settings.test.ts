import { describe, expect, it } from "vitest";
import { blankToUndefined, SETTINGS, settingFor, settingsSchema, TRANSLATED_SETTING_KEYS, withDefaults } from "./settings";

const defaults = withDefaults({});

describe("settings", () => {
  it("defines every key of docs/data.md#settings once, with show-travel-route-and-means defaulting to no", () => {
    const all = SETTINGS.map((s) => s.key);
    expect(new Set(all).size).toBe(all.length);
    // The French versions of the text settings are settings of their own (ADR 052).
    const keys = SETTINGS.filter((s) => !s.translationOf).map((s) => s.key);
    expect(all.filter((k) => !keys.includes(k)).sort()).toEqual(TRANSLATED_SETTING_KEYS.map((k) => `${k}-fr`).sort());
    // The list of docs/data.md#settings, less a{secret} (see the note in settings.ts).
    const spec = `terms-of-service project-name project-link project-logo extra-information-label no-call-link
      conflict-of-interest confidential ri-training data-training spare-berths publications consortium watchdog-report
      panel data-management-plan mid-point-evaluation topic-specification privacy-policy cookie-policy group-leader-alert
      grant-letter-template contacted-ri-operator young-description ri-access-editable eu-logo founding grant-agreement
      panel-members watchdog-name registration-receiver working-region-label show-travel-route-and-means
      group-leader-access-alert invitation-mail ask-consortium ai-in-use ai-prompt ai-disclaimer
      show-application-submit-ri-staff confidential-declaration-viewer appendix-alert recommendation-letter support-email`.split(/\s+/);
    expect([...keys].sort()).toEqual([...spec].sort());
    expect(defaults["show-travel-route-and-means"]).toBe("no");
  });

  it("accepts the defaults once a logo is chosen: project-logo is required and has no default", () => {
    const withoutLogo = settingsSchema.safeParse(blankToUndefined(defaults));
    expect(withoutLogo.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["project-logo", "validation.required"]]);
    expect(settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": "12" })).success).toBe(true);
  });

  it("takes a medium id for image settings, nothing else", () => {
    for (const value of ["/logo.svg", "0", "12.5", "2147483648", "99999999999", "-3", "012", "1e3"]) {
      expect(settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": value })).success, value).toBe(false);
    }
    expect(settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": "2147483647" })).success).toBe(true);
    expect(settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": "7", "eu-logo": "" })).data?.["eu-logo"]).toBe("");
  });

  it("checks project-link and consortium are URLs and invitation-mail is at most 2000 characters", () => {
    const bad = settingsSchema.safeParse(
      blankToUndefined({ ...defaults, "project-link": "example.org", consortium: "nope", "invitation-mail": "x".repeat(2001) }),
    );
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["project-link", "consortium", "invitation-mail"]));
  });

  it("writes the text settings in French too, required in English only, bounded like the English ones", () => {
    for (const key of TRANSLATED_SETTING_KEYS) {
      const en = SETTINGS.find((s) => s.key === key)!;
      const fr = SETTINGS.find((s) => s.key === `${key}-fr`)!;
      expect([fr.type, fr.staffOnly, fr.translationOf], key).toEqual([en.type, en.staffOnly, key]);
    }
    expect(defaults["founding-fr"]).toMatch(/^Ce projet a reçu un financement/);
    expect(defaults["young-description-fr"]).toMatch(/début de carrière/);
    const blankFrench = settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": "7", "terms-of-service-fr": "", "young-description-fr": " " }));
    expect(blankFrench.success).toBe(true);
    expect(settingsSchema.safeParse(blankToUndefined({ ...defaults, "project-logo": "7", "terms-of-service": "" })).success).toBe(false);
    const long = settingsSchema.safeParse(
      blankToUndefined({ ...defaults, "project-logo": "7", "invitation-mail-fr": "x".repeat(2001), "working-region-label-fr": "a\u0007b" }),
    );
    expect(long.error?.issues.map((i) => i.path[0]).sort()).toEqual(["invitation-mail-fr", "working-region-label-fr"]);
  });

  it("shows a text setting in the reader's language, else the English one marked lang=en", () => {
    const map: Record<string, string> = { ...defaults, "founding-fr": "" };
    const get = (k: string) => map[k];
    expect(settingFor(get, "young-description", "fr")).toEqual({ text: defaults["young-description-fr"] });
    expect(settingFor(get, "young-description", "en")).toEqual({ text: defaults["young-description"] });
    expect(settingFor(get, "founding", "fr")).toEqual({ text: defaults.founding, lang: "en" });
    expect(settingFor(get, "project-name", "fr")).toEqual({ text: defaults["project-name"] });
  });

  it("keeps stored values over defaults", () => {
    expect(withDefaults({ "project-name": "Mine" })["project-name"]).toBe("Mine");
  });
});
