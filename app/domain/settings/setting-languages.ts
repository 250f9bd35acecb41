// The text settings written in both languages and how a reader sees them
// (ADR 052), apart from the settings' schema: the root layout uses them in the
// browser, and zod must stay out of it (ADR 020, docs/budgets.md#weight).
import { localize, type Localized } from "../localized";

/**
 * The prose settings people read, each with its French default: their French
 * versions are settings of their own, `<key>-fr`, edited beside the English
 * ones, optional; a blank one shows the English text (ADR 052).
 */
export const FRENCH_DEFAULTS: Record<string, string> = {
  founding: "Ce projet a reçu un financement du programme de recherche et d’innovation de l’Union européenne.",
  "terms-of-service": "En déposant une candidature, vous acceptez qu’elle soit communiquée aux évaluateurs, au panel et aux infrastructures que vous demandez.",
  "conflict-of-interest": "Je déclare n’avoir aucun conflit d’intérêts avec les candidats de cette candidature.",
  confidential: "Je garderai confidentiel le contenu de cette candidature.",
  "confidential-declaration-viewer": "Je garderai confidentiel le contenu des candidatures que je consulte.",
  "grant-agreement": "",
  "extra-information-label": "Informations complémentaires",
  "group-leader-alert": "Seul le chef de groupe peut soumettre la candidature.",
  "group-leader-access-alert": "Le chef de groupe doit participer à au moins un accès.",
  "appendix-alert": "Déposez votre plan de recherche, le CV du chef de groupe et le projet de plan de gestion des données au format PDF.",
  "young-description": "Un chercheur en début de carrière a obtenu son premier diplôme il y a moins de 10 ans.",
  "working-region-label": "Région de travail",
  "topic-specification": "",
  "watchdog-name": "Observateur",
  "invitation-mail": "Vous êtes invité à évaluer des candidatures sur le portail d’accès transnational.",
  "ai-disclaimer": "Les suggestions de l’assistant peuvent être erronées\u00a0: vérifiez chaque champ avant d’enregistrer.",
};

/** The key of a setting's version in `lang` (the English one is the setting itself). */
export const settingKeyIn = (key: string, lang: string) => (lang === "fr" && key in FRENCH_DEFAULTS ? `${key}-fr` : key);

/** The text settings written in both languages (their English keys). */
export const TRANSLATED_SETTING_KEYS = Object.keys(FRENCH_DEFAULTS);

/**
 * A setting as a reader of `reader` sees it: a text setting in their language,
 * else its English text marked lang="en" (ADR 052); any other setting as it is.
 * `value` reads a key from wherever the settings came (the API's entries, a map).
 */
export function settingFor(value: (key: string) => string | null | undefined, key: string, reader: string | undefined): Localized {
  if (!(key in FRENCH_DEFAULTS)) return { text: value(key) ?? "" };
  return localize(reader, { en: value(key), fr: value(`${key}-fr`) });
}

/** settingFor over the entries GET /api/settings answers. */
export const entrySetting = (entries: readonly { key: string; value: string }[], key: string, reader: string | undefined): Localized =>
  settingFor((k) => entries.find((e) => e.key === k)?.value, key, reader);
