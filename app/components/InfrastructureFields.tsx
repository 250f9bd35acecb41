import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Field, type Option } from "./Field";
import { SelectOf } from "./SelectOf";

// Inputs of the infrastructure form. Each one is labelled, hinted and described
// by its error through Field, and leaves validation to the shared schema
// (no native `required`: see docs/decisions/005).

type Meta = FieldMetadata<unknown>;
const hintOf = (t: TFunction, name: string) => t(`infrastructure-field.${name}-hint`, { defaultValue: "" }) || undefined;

/** A text, URL, date or number input; numbers take the step and minimum of their kind. */
export function InfrastructureTextInput({
  meta,
  name,
  type = "text",
  label,
}: {
  meta: Meta;
  name: string;
  type?: "text" | "url" | "date" | "money" | "integer";
  label?: string;
}) {
  const { t } = useTranslation();
  const number = type === "money" || type === "integer";
  const extra = number ? { min: 0, step: type === "money" ? 0.01 : 1, inputMode: type === "money" ? ("decimal" as const) : ("numeric" as const) } : {};
  return (
    <Field id={meta.id} label={label ?? t(`infrastructure-field.${name}`)} hint={hintOf(t, name)} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => (
        <input
          {...getInputProps(meta as FieldMetadata<string>, { type: number ? "number" : type, ariaAttributes: false })}
          {...extra}
          {...aria}
          required={false}
          aria-required={meta.required || undefined}
        />
      )}
    </Field>
  );
}

export function InfrastructureTextarea({ meta, name }: { meta: Meta; name: string }) {
  const { t } = useTranslation();
  return (
    <Field id={meta.id} label={t(`infrastructure-field.${name}`)} hint={hintOf(t, name)} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => <textarea {...getTextareaProps(meta as FieldMetadata<string>, { ariaAttributes: false })} {...aria} required={false} rows={5} />}
    </Field>
  );
}

/** A single choice with an empty first option ("none"), or several (multiple, for the administrators). */
export function InfrastructureSelect({
  meta,
  name,
  options,
  empty,
  multiple = false,
}: {
  meta: Meta;
  name: string;
  options: Option[];
  empty?: string;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field id={meta.id} label={t(`infrastructure-field.${name}`)} hint={hintOf(t, name)} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => (
        <SelectOf
          props={getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: false })}
          {...aria}
          required={false}
          multiple={multiple || undefined}
          size={multiple ? Math.min(8, Math.max(3, options.length)) : undefined}
          options={options}
          placeholder={multiple ? undefined : (empty ?? t("infrastructure.none"))}
        />
      )}
    </Field>
  );
}
