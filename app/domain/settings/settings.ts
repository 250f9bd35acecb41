// zod/mini: this schema also runs in the browser, where the full zod would
// cost ~100 KB of compressed JavaScript (docs/budgets.md#weight).
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { idFromText } from "../ids";
import { DEFAULT_GRANT_LETTER_TEMPLATE } from "../grant-letter/default-template";
import { FRENCH_DEFAULTS } from "./setting-languages";

// What the browser needs (the root layout reads the entries in the reader's language) lives in a zod-free module (ADR 020).
export { entrySetting, settingFor, settingKeyIn, TRANSLATED_SETTING_KEYS } from "./setting-languages";

/** `image`: the id of an uploaded image (a medium), shown by the portal. */
export type SettingType = "text" | "textarea" | "url" | "email" | "yesno" | "image";

export interface SettingDefinition {
  key: string;
  type: SettingType;
  default: string;
  /** Staff-only settings are not sent to applicants or signed-out visitors. */
  staffOnly?: boolean;
  /** A French version of a text setting: the English setting's key (ADR 052). */
  translationOf?: string;
}

const d = (key: string, type: SettingType, def: string, staffOnly = false): SettingDefinition => ({
  key,
  type,
  default: def,
  staffOnly,
});

// Every key of docs/data.md#settings with a sensible default (how the settings screen groups
// and names them: settings-groups.ts). `a{secret}` is not listed: it
// names no observable behaviour, and secrets belong in environment variables.
const DEFINED: SettingDefinition[] = [
  d("project-name", "text", "Transnational Access Portal"),
  d("project-link", "url", "https://example.org/transnational-access"),
  // No default image: docs/validation.md#settings-form requires the logo, so the first settings save asks for it.
  d("project-logo", "image", ""),
  d("eu-logo", "image", ""),
  d("founding", "textarea", "This project has received funding from the European Union's research and innovation programme."),
  d("no-call-link", "url", ""),
  d("consortium", "url", ""),
  // Who to write to when something goes wrong: shown in the footer and on the error screens.
  d("support-email", "email", ""),
  d("registration-receiver", "email", "", true),
  d("terms-of-service", "textarea", "By applying you accept that your application is shared with the evaluators, the panel and the infrastructures you request."),
  d("privacy-policy", "text", "privacy-policy"),
  d("cookie-policy", "text", "cookie-policy"),
  d("conflict-of-interest", "textarea", "I declare that I have no conflict of interest with the applicants of this application."),
  d("confidential", "textarea", "I will keep the content of this application confidential."),
  d("confidential-declaration-viewer", "textarea", "I will keep the content of the applications I view confidential."),
  d("grant-agreement", "textarea", ""),
  d("grant-letter-template", "textarea", DEFAULT_GRANT_LETTER_TEMPLATE, true),
  d("extra-information-label", "text", "Extra information"),
  d("group-leader-alert", "textarea", "Only the group leader can submit the application."),
  d("group-leader-access-alert", "textarea", "The group leader must take part in at least one access."),
  d("appendix-alert", "textarea", "Upload your research plan, the group leader's CV and the data management plan draft as PDF files."),
  d("recommendation-letter", "yesno", "yes"),
  d("young-description", "textarea", "An early-career researcher is within 10 years of their first degree."),
  d("working-region-label", "text", "Working region"),
  d("topic-specification", "textarea", ""),
  d("contacted-ri-operator", "yesno", "yes"),
  d("ask-consortium", "yesno", "no"),
  d("show-travel-route-and-means", "yesno", "no"),
  d("ri-access-editable", "yesno", "no"),
  d("watchdog-name", "text", "Watchdog"),
  d("watchdog-report", "yesno", "no"),
  d("panel", "yesno", "yes"),
  d("panel-members", "textarea", "", true),
  d("invitation-mail", "textarea", "You are invited to review applications on the Transnational Access Portal.", true),
  d("show-application-submit-ri-staff", "yesno", "no"),
  d("ri-training", "yesno", "yes"),
  d("data-training", "yesno", "yes"),
  d("spare-berths", "yesno", "no"),
  d("publications", "yesno", "yes"),
  d("data-management-plan", "yesno", "yes"),
  d("mid-point-evaluation", "yesno", "no"),
  d("ai-in-use", "yesno", "no"),
  d("ai-prompt", "textarea", "Extract the project title, acronym, summary and keywords from this research plan.", true),
  d("ai-disclaimer", "textarea", "The assistant's suggestions may be wrong: check every field before you save."),
];


// Each French version comes right after its English setting, as the settings screen shows them.
export const SETTINGS: SettingDefinition[] = DEFINED.flatMap((s) =>
  s.key in FRENCH_DEFAULTS ? [s, { ...s, key: `${s.key}-fr`, default: FRENCH_DEFAULTS[s.key], translationOf: s.key }] : [s],
);

export const SETTING_KEYS = SETTINGS.map((s) => s.key);

export const IMAGE_SETTING_KEYS = SETTINGS.filter((s) => s.type === "image").map((s) => s.key);
export const settingDefinition = (key: string) => SETTINGS.find((s) => s.key === key);

export type SettingsMap = Record<string, string>;

export function withDefaults(stored: Record<string, string | null>): SettingsMap {
  return Object.fromEntries(SETTINGS.map((s) => [s.key, stored[s.key] ?? s.default]));
}

export const isYes = (settings: SettingsMap, key: string) => settings[key] === "yes";

// Messages are translation keys (validation.*), translated where they are shown.
// Empty fields arrive as undefined (Conform's coercion; the API does the same
// in blankToUndefined), so optional fields default to "" and required ones fail.
const required = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : "validation.invalid") };
const yesno = z.enum(["yes", "no"], required);
// A medium id as text, by the one id rule (so it always fits the integer column).
const mediumId = z.string(required).check(z.refine((v) => idFromText(v) !== undefined, "validation.invalid"));
// Links are shown to every visitor: web addresses only (no javascript:, data: or mailto:).
const url = z
  .url({ protocol: /^https?$/, error: (iss) => (iss.input === undefined ? "validation.required" : "validation.url") })
  .check(z.maxLength(2000, "validation.max"));

const REQUIRED = new Set([
  "project-name", "project-logo", "terms-of-service", "extra-information-label", "conflict-of-interest",
  "confidential", "watchdog-report", "panel", "data-management-plan", "mid-point-evaluation",
  "young-description", "watchdog-name", "working-region-label", "recommendation-letter", "project-link",
]);

const MAX_LENGTH: Partial<Record<SettingType, number>> = { text: 255, textarea: 20000 };

function fieldSchema(s: SettingDefinition): z.ZodMiniType<string> {
  // Only the default language is required; a blank French version shows the English one.
  const isRequired = REQUIRED.has(s.key);
  if (s.type === "yesno") return isRequired ? yesno : z._default(yesno, "no");
  if (s.type === "image") return isRequired ? mediumId : z._default(z.optional(mediumId), "");
  if (s.type === "url") return isRequired ? url : z._default(z.optional(url), "");
  if (s.type === "email") return z._default(z.optional(z.email({ error: "validation.email" })), "");
  const max = (s.translationOf ?? s.key) === "invitation-mail" ? 2000 : (MAX_LENGTH[s.type] ?? 255);
  const text = z.string(required).check(...(s.type === "text" ? [singleLine()] : []), z.trim(), z.maxLength(max, "validation.max"));
  return isRequired ? text.check(z.minLength(1, "validation.required")) : z._default(text, "");
}

/** Form semantics for API input: a blank value is an absent one. */
export function blankToUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" && v.trim() === "" ? undefined : v]));
}

/** The settings form's rules (docs/validation.md#settings-form), shared by the form (Conform) and the API (PUT /api/settings). */
export const settingsSchema = z.object(Object.fromEntries(SETTINGS.map((s) => [s.key, fieldSchema(s)])));
export type SettingsInput = z.infer<typeof settingsSchema>;
