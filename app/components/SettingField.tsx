import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { SettingDefinition } from "~/domain/settings/settings";
import { settingHelpKey, settingLabelKey } from "~/domain/settings/settings-groups";
import { IMAGE_TYPES } from "~/domain/media/media";
import { Field } from "./Field";
import { FileField, type MediaRef } from "./FileField";
import * as css from "./SettingField.css";

/**
 * One settings entry: its label, its one-sentence help (the control's
 * description) and the input its type calls for; an image is an upload showing
 * the current file (`current`).
 */
export function SettingField({ definition, field, current }: { definition: SettingDefinition; field: FieldMetadata<string>; current?: MediaRef | null }) {
  const { t } = useTranslation();
  const label = t(settingLabelKey(definition.key));
  const hint = t(settingHelpKey(definition.key));
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
        const a11y = { ...aria, "aria-required": field.required || undefined };
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
