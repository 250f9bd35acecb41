import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { SettingDefinition } from "~/domain/settings/settings";
import { settingHelpKey, settingLabelKey, type ShownSetting } from "~/domain/settings/settings-groups";
import { IMAGE_TYPES } from "~/domain/media/media";
import { Field } from "./Field";
import { FileField, type MediaRef } from "./FileField";
import { LanguagePair } from "./LanguagePair";
import * as css from "./SettingField.css";

/**
 * One settings entry: its label, its one-sentence help (the control's
 * description) and the input its type calls for; an image is an upload showing
 * the current file (`current`).
 */
export function SettingField({
  definition,
  field,
  french,
  current,
}: {
  definition: ShownSetting;
  field: FieldMetadata<string>;
  /** The French version's field, when the setting is a text written in both languages (ADR 052). */
  french?: FieldMetadata<string>;
  current?: MediaRef | null;
}) {
  const { t } = useTranslation();
  const label = t(settingLabelKey(definition.key));
  if (definition.french && french) {
    return (
      <LanguagePair
        label={label}
        version={(lang, named) => (
          <OneSetting key={lang} definition={lang === "en" ? definition : definition.french!} field={lang === "en" ? field : french} label={named} lang={lang} />
        )}
      />
    );
  }
  return <OneSetting definition={definition} field={field} label={label} current={current} />;
}

function OneSetting({
  definition,
  field,
  label,
  lang,
  current,
}: {
  definition: SettingDefinition;
  field: FieldMetadata<string>;
  label: string;
  /** The language the text is written in, for the input's `lang`. */
  lang?: string;
  current?: MediaRef | null;
}) {
  const { t } = useTranslation();
  const hint = t(settingHelpKey(definition.translationOf ?? definition.key));
  if (definition.type === "image") {
    return (
      <FileField
        id={field.id}
        name={field.name}
        label={label}
        hint={hint}
        errors={field.errors}
        required={field.required ?? false}
        current={current ? [current] : []}
        accept={IMAGE_TYPES.join(",")}
      />
    );
  }
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} required={field.required ?? false}>
      {(aria) => {
        const a11y = { ...aria, "aria-required": field.required || undefined, lang };
        if (definition.type === "yesno") {
          return (
            <select {...getSelectProps(field)} {...a11y} required={false} className={css.yesNo}>
              <option value="yes">{t("common.yes")}</option>
              <option value="no">{t("common.no")}</option>
            </select>
          );
        }
        if (definition.type === "textarea") {
          return <textarea {...getTextareaProps(field)} {...a11y} required={false} rows={3} />;
        }
        const type = definition.type === "url" ? "url" : definition.type === "email" ? "email" : "text";
        return <input {...getInputProps(field, { type })} {...a11y} required={false} />;
      }}
    </Field>
  );
}
