import en from "../../locales/en/common.json";
import fr from "../../locales/fr/common.json";

// Bundled into the server build: translations are in memory, never read per request.
export const resources = { en: { common: en }, fr: { common: fr } };
