import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useState, type ReactNode } from "react";
import { error as errorClass, field as fieldClass, fieldset, hint as hintClass, label as labelClass, legend } from "./Form.css";

export interface Option {
  label: string;
  value: string;
}

const errorText = (t: (k: string) => string, errors?: string[]) => errors?.map((e) => t(e)).join(" ");

/** A yes/no switch of the call: a checkbox before its label, its error below, described by both. */
export function CallSwitch({ meta, label }: { meta: FieldMetadata<boolean | undefined>; label: string }) {
  const { t } = useTranslation();
  const errorId = meta.errors?.length ? `${meta.id}-error` : undefined;
  return (
    <div className={fieldClass}>
      <span style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
        <input
          {...getInputProps(meta, { type: "checkbox", ariaAttributes: false })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={meta.id}>{label}</label>
      </span>
      {errorId ? (
        <span id={errorId} className={errorClass}>
          {errorText(t, meta.errors)}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Several ticks under one name (the call's available infrastructures): a
 * fieldset whose legend names the field; each box is described by the error.
 */
export function CheckboxGroup({
  meta,
  label,
  hint,
  options,
  empty,
}: {
  meta: FieldMetadata<(number | string)[] | undefined>;
  label: string;
  hint?: string;
  options: Option[];
  empty: string;
}) {
  const { t } = useTranslation();
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const errorId = meta.errors?.length ? `${meta.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const initial = meta.initialValue;
  const chosen = new Set((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  return (
    <fieldset id={meta.id} className={fieldClass} style={{ border: "none", padding: 0 }} tabIndex={-1}>
      <legend className={labelClass}>{label}</legend>
      {hint ? (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} className={errorClass}>
          {errorText(t, meta.errors)}
        </span>
      ) : null}
      {options.length === 0 ? <p>{empty}</p> : null}
      {options.map((o) => (
        <span key={`${meta.key ?? ""}-${o.value}`} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
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

/**
 * A multiple select (the call's unauthorized countries), labelled and described
 * like any field. The chosen options are also spelled out below it: in a long
 * list they would otherwise be scrolled out of sight.
 */
export function MultiSelect({
  meta,
  label,
  hint,
  options,
  chosenText,
}: {
  meta: FieldMetadata<string[] | undefined>;
  label: string;
  hint?: string;
  options: Option[];
  chosenText: (labels: string[]) => string;
}) {
  const { t } = useTranslation();
  const initial = meta.initialValue;
  const [chosen, setChosen] = useState<string[]>((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const errorId = meta.errors?.length ? `${meta.id}-error` : undefined;
  const chosenId = `${meta.id}-chosen`;
  const labels = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  return (
    <div className={fieldClass}>
      <label className={labelClass} htmlFor={meta.id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} className={errorClass}>
          {errorText(t, meta.errors)}
        </span>
      ) : null}
      <select
        {...getSelectProps(meta, { ariaAttributes: false })}
        multiple
        size={8}
        onChange={(e) => setChosen(Array.from(e.currentTarget.selectedOptions, (o) => o.value))}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId, chosenId].filter(Boolean).join(" ")}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span id={chosenId} className={hintClass}>
        {chosenText(labels)}
      </span>
    </div>
  );
}

/** A fieldset of the call form with its legend. */
export function CallFieldset({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{title}</legend>
      {children}
    </fieldset>
  );
}
