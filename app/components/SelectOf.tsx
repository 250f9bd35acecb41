// Without styles of its own (list-html.test.tsx renders it outside the build).
import type { Option } from "./option";
import { LONG_LIST, optionHtml } from "./list-html";

type SelectProps = Omit<JSX.IntrinsicElements["select"], "children" | "dangerouslySetInnerHTML">;

/**
 * A <select> with `props` (Conform's getSelectProps, and what the caller adds)
 * holding `options`, after an empty first option when a `placeholder` is given.
 * A long list (the countries) is written as one kept text (list-html.ts),
 * the HTML React writes for its option elements; a short one as elements.
 */
export function SelectOf({ props: { key, ...fromConform }, options, placeholder, ...more }: { props: SelectProps & { key?: string }; options: Option[]; placeholder?: string } & SelectProps) {
  const props = { ...fromConform, ...more };
  // Conform's key stays the select's: a new one (the form reset) makes a new select.
  if (options.length >= LONG_LIST) {
    const selected = typeof props.defaultValue === "number" ? String(props.defaultValue) : props.defaultValue;
    return <select key={key} {...props} dangerouslySetInnerHTML={{ __html: optionHtml(options, selected, placeholder) }} />;
  }
  return (
    <select key={key} {...props}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      <OptionList options={options} />
    </select>
  );
}

/** The options of a select, one per value. */
export function OptionList({ options }: { options: Option[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
