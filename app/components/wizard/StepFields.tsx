// The wizard's fields: every one labelled, hinted, marked required or
// optional and described by its error the same way (Field), from Conform's
// field metadata. The step's rules live in the API, so whether a field is
// required is said here, not read from the (all-optional) draft schema.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { CheckboxField, Field, FieldMessages, fieldDescription, NeedMark, type Option } from "~/components/Field";
import { SelectOf } from "~/components/SelectOf";
import * as css from "~/components/Form.css";
import * as u from "~/styles/utility.css";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any step
type Meta = FieldMetadata<any>;

interface Common {
  meta: Meta;
  label: string;
  hint?: string;
  required?: boolean;
}

/** A text input (text, e-mail, date, number as text…), or a textarea with `rows`. */
export function TextField({ meta, label, hint, required = false, type = "text", rows, list, autoComplete, inputMode }: Common & {
  type?: "text" | "email" | "date" | "url" | "tel";
  rows?: number;
  list?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal";
}) {
  return (
    <Field id={meta.id} label={label} hint={hint} errors={meta.errors} required={required}>
      {(aria) =>
        rows ? (
          <textarea {...getTextareaProps(meta, { ariaAttributes: false })} {...aria} rows={rows} required={false} />
        ) : (
          <input
            {...getInputProps(meta, { type, ariaAttributes: false })}
            {...aria}
            required={false}
            list={list}
            autoComplete={autoComplete}
            inputMode={inputMode}
          />
        )
      }
    </Field>
  );
}

/** A choice from a list, with an empty first option ("Choose …"). */
export function ChoiceField({ meta, label, hint, required = false, options, placeholder }: Common & { options: Option[]; placeholder: string }) {
  return (
    <Field id={meta.id} label={label} hint={hint} errors={meta.errors} required={required}>
      {(aria) => (
        <SelectOf props={getSelectProps(meta, { ariaAttributes: false })} {...aria} required={false} options={options} placeholder={placeholder} />
      )}
    </Field>
  );
}

/** Yes or no as two radio buttons in a fieldset whose legend is the question. */
export function YesNoField({ meta, label, hint, required = false }: Common) {
  const { t } = useTranslation();
  const { describedBy } = fieldDescription(meta.id, hint, meta.errors);
  return (
    <fieldset className={`${u.bareFieldset} ${css.field}`} id={meta.id} aria-describedby={describedBy}>
      <legend className={css.label}>
        {label}
        <NeedMark required={required} />
      </legend>
      <FieldMessages id={meta.id} hint={hint} errors={meta.errors} />
      <span className={css.radios}>
        {(["yes", "no"] as const).map((v) => (
          <label key={v}>
            <input type="radio" name={meta.name} value={v} defaultChecked={meta.initialValue === v} aria-invalid={meta.errors?.length ? true : undefined} />{" "}
            {t(`common.${v}`)}
          </label>
        ))}
      </span>
    </fieldset>
  );
}

export { CheckboxField };
