import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import * as css from "./LanguagePair.css";

/**
 * A text's two versions (ADR 052), each field made by `version` with its
 * label naming the language and the `lang` its input carries: side by side
 * on a wide screen, stacked on a phone. Plain HTML: works without JavaScript.
 */
export function LanguagePair({ label, version }: { label: string; version: (lang: Language, label: string) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={css.pair}>
      {version("en", t("form.version.en", { label }))}
      {version("fr", t("form.version.fr", { label }))}
    </div>
  );
}

/** A form field's name in `lang`: the English version is the field itself, the French `<name>_fr` (ADR 052). */
export const nameIn = (name: string, lang: Language) => (lang === "en" ? name : `${name}_${lang}`);
