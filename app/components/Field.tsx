import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { error as errorClass, field, fieldset as fieldsetClass, hint as hintClass, label as labelClass, legend as legendClass, need as needClass } from "./Form.css";
import * as u from "~/styles/utility.css";
import { useMessageValues } from "./message-values";
import type { Option } from "./option";
import { SelectOf } from "./SelectOf";

// Every input of the admin forms is labelled, hinted and described by its error
// the same way: the hint is `{id}-hint`, the error `{id}-error`, and the control
// is described by both. The pieces below are the only places that know it.

export type { Option } from "./option";

/** The ids of a field's hint and error, and the aria-describedby that names both. */
export function fieldDescription(id: string, hint?: ReactNode, errors?: string[]) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

/** A field's hint and its (translated) errors, under the ids fieldDescription names. */
export function FieldMessages({ id, hint, errors }: { id: string; hint?: ReactNode; errors?: string[] }) {
  const { t } = useTranslation();
  const values = useMessageValues();
  const { hintId, errorId } = fieldDescription(id, hint, errors);
  return (
    <>
      {hint ? (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} className={errorClass}>
          {errors!.map((e) => t(e, values)).join(" ")}
        </span>
      ) : null}
    </>
  );
}

/**
 * "(required)" or "(optional)" after a field's label, from the schema's
 * constraint (Conform's `meta.required`); nothing when it is not known. It is
 * for the eye: assistive technology hears `aria-required` on the control, and
 * the field's accessible name stays its label.
 */
export function NeedMark({ required }: { required?: boolean }) {
  const { t } = useTranslation();
  if (required === undefined) return null;
  return (
    <span className={needClass} aria-hidden="true">
      {t(required ? "form.required-mark" : "form.optional-mark")}
    </span>
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  /** Marks the label "(required)" or "(optional)"; leave it out for yes/no boxes. */
  required?: boolean;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true }) => ReactNode;
}

/** Owns a field's label, hint and error ids so every input is described the same way. */
export function Field({ id, label, hint, errors, required, children }: FieldProps) {
  const { errorId, describedBy } = fieldDescription(id, hint, errors);
  return (
    <div className={field}>
      <span>
        <label className={labelClass} htmlFor={id}>
          {label}
        </label>
        <NeedMark required={required} />
      </span>
      <FieldMessages id={id} hint={hint} errors={errors} />
      {children({
        id,
        ...(errorId ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": true as const } : {}),
      })}
    </div>
  );
}

/** A fieldset of a form, with its legend. */
export function Fieldset({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A single choice from a fixed list (a status): every option is a real value,
 * so there is no empty first one; required for assistive technology only, the
 * schema does the checking.
 */
export function SelectField({ meta, label, hint, options }: { meta: FieldMetadata<unknown>; label: string; hint?: string; options: Option[] }) {
  return (
    <Field id={meta.id} label={label} hint={hint} errors={meta.errors} required={meta.required ?? false}>
      {(aria) => (
        <SelectOf props={getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: false })} options={options} {...aria} required={false} aria-required />
      )}
    </Field>
  );
}



/** A yes/no field: the checkbox before its label, described by its hint and error. */
export function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<unknown>; label: string; hint?: ReactNode }) {
  const { errorId, describedBy } = fieldDescription(meta.id, hint, meta.errors);
  return (
    <div className={field}>
      <span className={u.checkboxRow}>
        <input
          {...getInputProps(meta as FieldMetadata<boolean>, { type: "checkbox", ariaAttributes: false })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={meta.id}>{label}</label>
      </span>
      <FieldMessages id={meta.id} hint={hint} errors={meta.errors} />
    </div>
  );
}

/**
 * Several ticks under one name (a call's infrastructures, a page's documents, a
 * document's roles): a fieldset whose legend names the field; each box is
 * described by the hint and the error. The boxes keep what was posted when the
 * form comes back with errors.
 */
export function CheckboxGroup({
  meta,
  label,
  hint,
  options,
  empty,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  options: { value: string; label: ReactNode }[];
  /** Said instead of the boxes when there are none to tick. */
  empty?: string;
}) {
  const { errorId, describedBy } = fieldDescription(meta.id, hint, meta.errors);
  const initial = meta.initialValue;
  const chosen = new Set((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  return (
    <fieldset id={meta.id} className={`${field} ${u.groupFieldset}`} tabIndex={-1}>
      <legend className={labelClass}>
        {label}
        <NeedMark required={meta.required ?? false} />
      </legend>
      <FieldMessages id={meta.id} hint={hint} errors={meta.errors} />
      {options.length === 0 && empty ? <p>{empty}</p> : null}
      {options.map((o) => (
        <span key={`${meta.key ?? ""}-${o.value}`} className={u.checkboxRow}>
          <input
            type="checkbox"
            id={`${meta.id}-${o.value}`}
            name={meta.name}
            value={o.value}
            defaultChecked={chosen.has(o.value)}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={describedBy}
          />
          <label htmlFor={`${meta.id}-${o.value}`}>{o.label}</label>
        </span>
      ))}
    </fieldset>
  );
}
