import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { error as errorClass, field as fieldClass, hint as hintClass, label as labelClass } from "./Form.css";

// Inputs the page and document forms share that Field (one label, one
// control) does not cover: a lone checkbox and a group of them.

const row = { display: "flex", gap: "0.5rem", alignItems: "center" } as const;

function describedBy(id: string, hint?: string, errors?: string[]) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

function HintAndError({ id, hint, errors }: { id: string; hint?: string; errors?: string[] }) {
  const { t } = useTranslation();
  const { hintId, errorId } = describedBy(id, hint, errors);
  return (
    <>
      {hint ? (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} className={errorClass}>
          {errors!.map((e) => t(e)).join(" ")}
        </span>
      ) : null}
    </>
  );
}

/** A yes/no field: the checkbox before its label, described by its hint and error. */
export function PageSwitch({ meta, label, hint }: { meta: FieldMetadata<boolean | undefined>; label: string; hint?: string }) {
  const { errorId, describedBy: by } = describedBy(meta.id, hint, meta.errors);
  return (
    <div className={fieldClass}>
      <span style={row}>
        <input
          {...getInputProps(meta, { type: "checkbox", ariaAttributes: false })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={by}
        />
        <label htmlFor={meta.id}>{label}</label>
      </span>
      <HintAndError id={meta.id} hint={hint} errors={meta.errors} />
    </div>
  );
}

export interface CheckboxOption {
  value: string;
  label: ReactNode;
}

/**
 * Several ticks under one name (a page's documents, a document's roles): a
 * fieldset whose legend names the field. The boxes keep what was posted when
 * the form comes back with errors.
 */
export function PageCheckboxGroup({
  meta,
  label,
  hint,
  options,
  empty,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  options: CheckboxOption[];
  empty?: string;
}) {
  const { errorId, describedBy: by } = describedBy(meta.id, hint, meta.errors);
  const initial = meta.initialValue;
  const chosen = new Set((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  return (
    <fieldset id={meta.id} className={fieldClass} style={{ border: "none", padding: 0, margin: "0 0 1rem" }} tabIndex={-1}>
      <legend className={labelClass}>{label}</legend>
      <HintAndError id={meta.id} hint={hint} errors={meta.errors} />
      {options.length === 0 && empty ? <p>{empty}</p> : null}
      {options.map((o) => (
        <span key={`${meta.key ?? ""}-${o.value}`} style={row}>
          <input
            type="checkbox"
            id={`${meta.id}-${o.value}`}
            name={meta.name}
            value={o.value}
            defaultChecked={chosen.has(o.value)}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={by}
          />
          <label htmlFor={`${meta.id}-${o.value}`}>{o.label}</label>
        </span>
      ))}
    </fieldset>
  );
}
