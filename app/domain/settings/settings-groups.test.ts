import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources.server";
import { SETTINGS } from "./settings";
import { groupedSettings, SETTING_GROUPS, settingGroupTitleKey, settingHelpKey, settingLabelKey } from "./settings-groups";

// The French versions (`<key>-fr`) are shown beside their English settings, under their labels.
const SETTING_KEYS = SETTINGS.filter((s) => !s.translationOf).map((s) => s.key);

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
const LANGUAGES = { en: resources.en.common as Tree, fr: resources.fr.common as Tree };

describe("settings screen groups", () => {
  it("places every setting key in exactly one group, and names no other key", () => {
    const placed = SETTING_GROUPS.flatMap((g) => g.keys);
    const counts = new Map<string, number>();
    for (const key of placed) counts.set(key, (counts.get(key) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...placed].sort()).toEqual([...SETTING_KEYS].sort());
    expect(new Set(SETTING_GROUPS.map((g) => g.id)).size).toBe(SETTING_GROUPS.length);
    expect(SETTING_GROUPS.every((g) => g.keys.length > 0)).toBe(true);
  });

  it("gives the screen every definition once, in group order, each French version beside its English setting", () => {
    const shown = groupedSettings().flatMap((g) => g.settings.map((s) => s.key));
    expect(shown).toEqual(SETTING_GROUPS.flatMap((g) => g.keys));
    const pairs = groupedSettings().flatMap((g) => g.settings.filter((s) => s.french).map((s) => [s.key, s.french!.key]));
    expect(pairs.map(([, fr]) => fr).sort()).toEqual(SETTINGS.filter((s) => s.translationOf).map((s) => s.key).sort());
    expect(pairs.every(([en, fr]) => fr === `${en}-fr`)).toBe(true);
  });

  for (const [lng, tree] of Object.entries(LANGUAGES)) {
    it(`has a ${lng} legend per group, and a ${lng} label and one-sentence help per setting`, () => {
      const missing = [
        ...SETTING_GROUPS.map((g) => settingGroupTitleKey(g.id)),
        ...SETTING_KEYS.flatMap((k) => [settingLabelKey(k), settingHelpKey(k)]),
      ].filter((key) => {
        const text = lookup(tree, key);
        return typeof text !== "string" || text.trim() === "";
      });
      expect(missing).toEqual([]);
      for (const key of SETTING_KEYS) {
        const label = lookup(tree, settingLabelKey(key)) as string;
        const help = lookup(tree, settingHelpKey(key)) as string;
        // A label is words, not the key; help is one sentence ending with a full stop.
        expect(label, key).not.toBe(key);
        expect(help, key).toMatch(/^[^.]+(\.\w[^.]*)*\.$/u);
      }
      // Labels tell fields apart: no two alike.
      const labels = SETTING_KEYS.map((k) => lookup(tree, settingLabelKey(k)));
      expect(new Set(labels).size).toBe(labels.length);
    });
  }

  it("writes French with typographic apostrophes and the no-break spaces of French punctuation", () => {
    const texts = [
      ...SETTING_GROUPS.map((g) => settingGroupTitleKey(g.id)),
      ...SETTING_KEYS.flatMap((k) => [settingLabelKey(k), settingHelpKey(k)]),
    ].map((key) => lookup(LANGUAGES.fr, key) as string);
    const wrong = texts.filter((t) => /'/.test(t) || /[^\u00a0]:/.test(t) || /[^\u202f][;?!]/.test(t));
    expect(wrong).toEqual([]);
  });
});
