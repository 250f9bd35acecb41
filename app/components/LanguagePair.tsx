import type { ReactNode } from "react";
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { Field } from "./Field";
import * as css from "./LanguagePair.css";

/**
 * A text's two versions (ADR 052), each field made by `version` with its
 * label naming the language: side by side on a wide screen, stacked on a
 * phone. Plain HTML: works without JavaScript.
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

/**
 * The error summary's label of a form's field: a version of a text written
 * in both languages (one of `texts`, or its `_fr`) names its language.
 */
export function versionLabel(t: TFunction, label: (name: string) => string, texts: readonly string[]) {
  return (name: string) => {
    const french = /^(.+)_fr$/.exec(name)?.[1];
    if (french && texts.includes(french)) return t("form.version.fr", { label: label(french) });
    return texts.includes(name) ? t("form.version.en", { label: label(name) }) : label(name);
  };
}

/**
 * A text written in English and French (ADR 052): a line or a box per
 * language, each labelled with its language, its input carrying `lang`; the
 * English one required where the text is, the French one optional.
 */
export function TextVersions({
  en,
  fr,
  label,
  hint,
  rows,
  inputClassName,
}: {
  en: FieldMetadata<unknown>;
  fr: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  /** A box of this many rows; a line when absent. */
  rows?: number;
  inputClassName?: string;
}) {
  return (
    <LanguagePair
      label={label}
      version={(lang, named) => {
        const meta = (lang === "en" ? en : fr) as FieldMetadata<string>;
        return (
          <Field key={lang} id={meta.id} label={named} hint={hint} errors={meta.errors} required={meta.required ?? false}>
            {(aria) => {
              const props = { ...aria, required: false, "aria-required": meta.required || undefined, lang, className: inputClassName };
              return rows ? (
                <textarea {...getTextareaProps(meta, { ariaAttributes: false })} {...props} rows={rows} />
              ) : (
                <input {...getInputProps(meta, { type: "text", ariaAttributes: false })} {...props} />
              );
            }}
          </Field>
        );
      }}
    />
  );
}
