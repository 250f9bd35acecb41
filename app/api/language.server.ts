import type { TFunction } from "i18next";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "~/i18n/config";
import { i18nextFor } from "~/i18n/i18next.server";

/** The first language of an Accept-Language header the portal speaks, in the order given ("fr-CH, en;q=0.8" → fr). */
export function headerLanguage(header: string | undefined): string | undefined {
  const wanted = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q);
  const spoken = new Set<string>(SUPPORTED_LANGUAGES);
  return wanted.find((l) => spoken.has(l.tag.toLowerCase().split("-")[0]))?.tag;
}

/** A download's labels' language: `lang`, else Accept-Language's first spoken language, else English (docs/api.md#exports). */
export const downloadLanguage = (lang: string | undefined, acceptLanguage: string | undefined): string =>
  lang ?? headerLanguage(acceptLanguage)?.slice(0, 2).toLowerCase() ?? FALLBACK_LANGUAGE;

/** The labels of a download in `language`. */
export const labelsIn = (language: string): TFunction => i18nextFor(language).getFixedT(language, "common");
