import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { error as errorClass, field, hint as hintClass, label as labelClass } from "./Form.css";

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** Owns a field's label, hint and error ids so every input is described the same way. */
export function Field({ id, label, hint, errors, children }: FieldProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
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
      {children({ id, ...(errorId ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) })}
    </div>
  );
}
