import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { fieldDescription, FieldMessages, NeedMark, type Option } from "./Field";
import { SelectOf } from "./SelectOf";
import { field as fieldClass, hint as hintClass, label as labelClass } from "./Form.css";

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
  const initial = meta.initialValue;
  const [chosen, setChosen] = useState<string[]>((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String));
  const { hintId, errorId } = fieldDescription(meta.id, hint, meta.errors);
  const chosenId = `${meta.id}-chosen`;
  const labels = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  return (
    <div className={fieldClass}>
      <span>
        <label className={labelClass} htmlFor={meta.id}>
          {label}
        </label>
        <NeedMark required={meta.required ?? false} />
      </span>
      <FieldMessages id={meta.id} hint={hint} errors={meta.errors} />
      <SelectOf
        props={getSelectProps(meta, { ariaAttributes: false })}
        multiple
        size={8}
        onChange={(e) => setChosen(Array.from(e.currentTarget.selectedOptions, (o) => o.value))}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId, chosenId].filter(Boolean).join(" ")}
        options={options}
      />
      <span id={chosenId} className={hintClass}>
        {chosenText(labels)}
      </span>
    </div>
  );
}
