import { useForm as useConformForm } from "@conform-to/react";

/**
 * Conform's useForm, with the field metadata it returns remembered while a page
 * is rendered on the server. Every read of a Conform field's property (its id,
 * errors, initial value, each constraint) builds a new metadata object behind a
 * Proxy and records the read in a list it copies each time, to know what the
 * component subscribes to: useful in the browser, where a change re-renders
 * what read it, and pure cost on the server, which renders once (a quarter of
 * the settings form's CPU profile, DESIGN.md §9). On the server, each field's
 * properties are read from Conform once and kept for the render; in the browser
 * this is Conform's useForm itself.
 */
export const useForm: typeof useConformForm = (options) => {
  const [form, fields] = useConformForm(options);
  if (typeof document !== "undefined") return [form, fields];
  return [remembered(form), rememberedFieldset(fields)];
};

// The form's and fields' metadata are objects whose properties are values,
// except getFieldset (a fieldset of fields) and getFieldList (a list of fields).
function remembered<T extends object>(meta: T): T {
  const kept = new Map<PropertyKey, unknown>();
  return new Proxy(meta, {
    get(target, key) {
      if (kept.has(key)) return kept.get(key);
      let value: unknown = Reflect.get(target, key);
      if (key === "getFieldset" && typeof value === "function") {
        const original = value as () => object;
        let fieldset: object | undefined;
        value = () => (fieldset ??= rememberedFieldset(original()));
      } else if (key === "getFieldList" && typeof value === "function") {
        const original = value as () => object[];
        let list: object[] | undefined;
        value = () => (list ??= original().map(remembered));
      }
      kept.set(key, value);
      return value;
    },
  });
}

/** A fieldset (fields by name), each field remembered. */
function rememberedFieldset<T extends object>(fieldset: T): T {
  const fields = new Map<PropertyKey, unknown>();
  return new Proxy(fieldset, {
    get(target, key) {
      if (typeof key !== "string") return Reflect.get(target, key);
      let field = fields.get(key);
      if (field === undefined) fields.set(key, (field = remembered(Reflect.get(target, key) as object)));
      return field;
    },
  });
}
