// The settings screen shows one group at a time, each saved on its own
// (docs/decisions/056-settings-sections.md): which section a request names,
// the keys it holds (each French version with its English setting) and the
// settings form's rules restricted to them.
import * as z from "zod/mini";
import { IMAGE_SETTING_KEYS, settingsSchema } from "./settings";
import { groupedSettings, type ShownSetting } from "./settings-groups";

export interface SettingSection {
  id: string;
  settings: ShownSetting[];
  /** Every key the section's form posts: the English settings and their French versions. */
  keys: string[];
  imageKeys: string[];
}

export const SETTING_SECTIONS: readonly SettingSection[] = groupedSettings().map((g) => {
  const keys = g.settings.flatMap((s) => (s.french ? [s.key, s.french.key] : [s.key]));
  return { id: g.id, settings: g.settings, keys, imageKeys: keys.filter((k) => IMAGE_SETTING_KEYS.includes(k)) };
});

// A Map, not an object: a section named `constructor` or `__proto__` is unknown, not a prototype's member.
const BY_ID = new Map(SETTING_SECTIONS.map((s) => [s.id, s]));
const BY_KEY = new Map(SETTING_SECTIONS.flatMap((s) => s.keys.map((k) => [k, s] as const)));

/** The section a request names (`?section=<id>`): none named is the first; an unknown one is undefined (a 404). */
export function settingSection(id: string | null): SettingSection | undefined {
  return id === null ? SETTING_SECTIONS[0] : BY_ID.get(id);
}

/** The section a setting (English or French key) is shown in. */
export const sectionOfSetting = (key: string): SettingSection | undefined => BY_KEY.get(key);

/** The settings screen's address for a section. */
export const settingsSectionPath = (id: string) => `/admin/settings?section=${encodeURIComponent(id)}`;

const schemas = new Map<string, z.ZodMiniObject>();
/** The settings form's rules (docs/validation.md#settings-form) for one section's keys only: other keys are dropped. */
export function sectionSchema(section: SettingSection) {
  let schema = schemas.get(section.id);
  if (!schema) {
    schema = z.pick(settingsSchema, Object.fromEntries(section.keys.map((k) => [k, true as const])));
    schemas.set(section.id, schema);
  }
  return schema;
}

/** The settings screen's address for the section holding a setting (a link to "turn it on in Settings"). */
export const settingPath = (key: string) => settingsSectionPath(sectionOfSetting(key)?.id ?? SETTING_SECTIONS[0].id);
