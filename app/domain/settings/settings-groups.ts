// How the settings screen presents the settings: by topic, each with a human
// label and a one-sentence help text (translated under settings-form.* in
// locales/<lng>/admin.json). A plain module, so vitest can check that every
// setting is placed once and translated.
import { SETTINGS, type SettingDefinition } from "./settings";

export interface SettingGroup {
  /** Translated as settings-form.groups.<id>, the group's legend. */
  id: string;
  keys: readonly string[];
}

// The groups name the English settings; each French version (`<key>-fr`) is
// shown beside its English one and shares its label and help.
// Topics derived from what the settings drive (docs/data.md#settings): what the public sees
// of the project, the application form, evaluation, the infrastructures' part,
// grants and reports, the texts people read or receive, the legal pages, and
// the AI assistant.
export const SETTING_GROUPS: readonly SettingGroup[] = [
  { id: "identity", keys: ["project-name", "project-logo", "project-link", "consortium", "support-email", "eu-logo", "founding"] },
  {
    id: "calls",
    keys: [
      "no-call-link", "extra-information-label", "working-region-label", "topic-specification", "young-description",
      "recommendation-letter", "ask-consortium", "show-travel-route-and-means", "ri-training", "data-training",
      "spare-berths", "data-management-plan",
    ],
  },
  {
    id: "review",
    keys: ["conflict-of-interest", "confidential", "confidential-declaration-viewer", "watchdog-name", "panel", "panel-members", "mid-point-evaluation"],
  },
  { id: "infrastructures", keys: ["contacted-ri-operator", "ri-access-editable", "show-application-submit-ri-staff"] },
  { id: "reporting", keys: ["grant-letter-template", "grant-agreement", "watchdog-report", "publications"] },
  {
    id: "texts",
    keys: ["terms-of-service", "group-leader-alert", "group-leader-access-alert", "appendix-alert", "invitation-mail", "registration-receiver"],
  },
  { id: "privacy", keys: ["privacy-policy", "cookie-policy"] },
  { id: "ai", keys: ["ai-in-use", "ai-prompt", "ai-disclaimer"] },
];

export const settingGroupTitleKey = (id: string) => `settings-form.groups.${id}`;
export const settingLabelKey = (key: string) => `settings-form.labels.${key}`;
export const settingHelpKey = (key: string) => `settings-form.help.${key}`;

/** A setting as the screen shows it: a text setting with its French version beside it (ADR 052). */
export type ShownSetting = SettingDefinition & { french?: SettingDefinition };

/** The groups in screen order, each with its settings' definitions in group order (a French version with its English setting). */
export function groupedSettings(): { id: string; settings: ShownSetting[] }[] {
  const byKey = new Map(SETTINGS.map((s) => [s.key, s]));
  const frenchOf = new Map(SETTINGS.filter((s) => s.translationOf).map((s) => [s.translationOf!, s]));
  return SETTING_GROUPS.map((g) => ({
    id: g.id,
    settings: g.keys
      .map((k) => byKey.get(k))
      .filter((s): s is SettingDefinition => s !== undefined)
      .map((s) => (frenchOf.has(s.key) ? { ...s, french: frenchOf.get(s.key) } : s)),
  }));
}
