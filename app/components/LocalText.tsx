import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { langOf, type Localized } from "~/domain/localized";

/** A text editors write, in the reader's language or marked as the English standing in for it (ADR 052). */
export function LocalText({ text }: { text: Localized }) {
  return <span {...langOf(text)}>{text.text}</span>;
}

const MARK = "\u0001";

/**
 * The interface's sentence `i18nKey` with `text` as its one value `name`
 * ("Call: {{name}}"), that value a LocalText keeping its `lang`. The sentence
 * is cut where a marker stands for the value, so the text is never read as
 * markup; what precedes the value is taken from the sentence made with the
 * text itself, where French elides a word before it ("d’Appel…").
 */
export function LocalSentence({ i18nKey, name, text }: { i18nKey: string; name: string; text: Localized }) {
  const { t } = useTranslation();
  const [, after = ""] = t(i18nKey, { [name]: MARK }).split(MARK);
  const whole = t(i18nKey, { [name]: text.text });
  const before = whole.slice(0, Math.max(0, whole.length - after.length - text.text.length));
  return (
    <>
      {before}
      <LocalText text={text} />
      {after}
    </>
  );
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
