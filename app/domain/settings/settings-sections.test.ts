import { describe, expect, it } from "vitest";
import { SETTINGS } from "./settings";
import { SETTING_GROUPS } from "./settings-groups";
import { SETTING_SECTIONS, sectionOfSetting, sectionSchema, settingPath, settingSection } from "./settings-sections";

describe("settings sections", () => {
  it("names a section by its group id; none is the first, anything else is unknown", () => {
    expect(SETTING_SECTIONS.map((s) => s.id)).toEqual(SETTING_GROUPS.map((g) => g.id));
    expect(settingSection(null)?.id).toBe("identity");
    expect(settingSection("ai")?.id).toBe("ai");
    for (const id of ["", "AI", "constructor", "__proto__", "toString", "ai ", "x".repeat(10_000)]) expect(settingSection(id), id).toBeUndefined();
  });

  it("holds every key once, each French version in its English setting's section", () => {
    expect(SETTING_SECTIONS.flatMap((s) => s.keys).sort()).toEqual(SETTINGS.map((s) => s.key).sort());
    expect(sectionOfSetting("founding-fr")?.id).toBe("identity");
    expect(settingSection("identity")!.imageKeys).toEqual(["project-logo", "eu-logo"]);
    expect(settingSection("ai")!.imageKeys).toEqual([]);
    expect(settingPath("publications")).toBe("/admin/settings?section=reporting");
  });

  it("validates a section's keys only, and drops the others", () => {
    const ai = sectionSchema(settingSection("ai")!);
    const parsed = ai.safeParse({ "ai-in-use": "yes", "ai-prompt": "Read it.", "project-name": "Elsewhere" });
    expect(parsed.success && parsed.data).toEqual({ "ai-in-use": "yes", "ai-prompt": "Read it.", "ai-disclaimer": "", "ai-disclaimer-fr": "" });
    // The rules are the whole form's: a required field of the section stays required.
    const identity = sectionSchema(settingSection("identity")!).safeParse({ "ai-in-use": "yes" });
    expect(identity.success).toBe(false);
    if (!identity.success) expect(identity.error.issues.map((i) => i.path[0]).sort()).toEqual(["project-link", "project-logo", "project-name"]);
  });
});
