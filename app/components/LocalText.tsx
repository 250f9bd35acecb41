import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { langOf, type Localized } from "~/domain/localized";

/** A text editors write, in the reader's language or marked as the English standing in for it (ADR 052). */
export function LocalText({ text }: { text: Localized }) {
  return <span {...langOf(text)}>{text.text}</span>;
}

/**
 * "label: value" where either is an element (a LocalText keeps its `lang`,
 * which a translated string would lose); the separator is the interface
 * language's own, as typography.label-value writes it.
 */
export function LabelValue({ label, value }: { label: ReactNode; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {label}
      {t("typography.label-value", { label: "", value: "" })}
      {value}
    </>
  );
}
