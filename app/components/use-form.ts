import { useForm as useConformForm } from "@conform-to/react";

/**
 * Conform's useForm, with the field metadata read straight from the form's
 * state while a page is rendered on the server.
 *
 * Every read of a Conform field's property (its id, errors, initial value, each
 * constraint) builds a new metadata object behind a Proxy and records the read
 * in a list it copies each time, to know what the component subscribes to:
 * useful in the browser, where a change re-renders what read it, and pure cost
 * on the server, which renders once (a quarter of the settings form's CPU
 * profile, a fifth of a wizard step's; docs/budgets.md#page-cost). On the server, a field's
 * properties are looked up in the form's state, as Conform's getters do, once
 * each; what is not a plain lookup is asked of Conform. In the browser this is
 * Conform's useForm itself. app/components/use-form.test.tsx renders forms both ways
 * and compares the HTML, so a Conform upgrade that changes its state shows there.
 */
export const useForm: typeof useConformForm = (options) => {
  const [form, fields] = useConformForm(options);
  if (typeof document !== "undefined") return [form, fields];
  const context = formContext(form);
  if (!context) return [form, fields];
  const state = context.getState();
  const formId = context.getFormId();
  const lookups = { state, formId };
  return [formMeta(form, lookups), fieldset(fields, lookups, "")];
};

interface FormState {
  initialValue: Record<string, unknown>;
  value: Record<string, unknown>;
  error: Record<string, unknown>;
  key: Record<string, unknown>;
  valid: Record<string, unknown>;
  dirty: Record<string, unknown>;
  constraint: Record<string, Record<string, unknown> | undefined>;
}
interface Lookups {
  state: FormState;
  formId: string;
}
interface FormContext {
  getState(): FormState;
  getFormId(): string;
}

/** The form's context, which Conform's form metadata hands out wrapped (for FormProvider); undefined if it is not as expected. */
export function formContext(form: object): FormContext | undefined {
  const wrapped = Reflect.get(form, "context") as object | undefined;
  if (!wrapped) return undefined;
  const [symbol] = Object.getOwnPropertySymbols(wrapped);
  const context = symbol ? (Reflect.get(wrapped, symbol) as Partial<FormContext>) : undefined;
  return typeof context?.getState === "function" && typeof context.getFormId === "function" ? (context as FormContext) : undefined;
}

const CONSTRAINTS = new Set(["required", "minLength", "maxLength", "min", "max", "step", "pattern", "multiple", "accept"]);

/** What a field's property is, as Conform's getters work it out from the state; `ask` for the rest. */
function lookUp(key: PropertyKey, { state, formId }: Lookups, name: string, ask: () => object): unknown {
  const id = `${formId}-${name}`;
  switch (key) {
    case "id":
      return id;
    case "name":
      return name;
    case "formId":
      return formId;
    case "errorId":
      return `${id}-error`;
    case "descriptionId":
      return `${id}-description`;
    case "initialValue":
      return state.initialValue[name];
    case "value":
      return state.value[name];
    case "errors":
      return state.error[name];
    case "key":
      return state.key[name];
    case "valid":
      return state.valid[name];
    case "dirty":
      return state.dirty[name];
  }
  if (typeof key === "string" && CONSTRAINTS.has(key)) return state.constraint[name]?.[key];
  return Reflect.get(ask(), key);
}

const child = (prefix: string, key: string | number) => (typeof key === "number" ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key);

/** The form's metadata, each property asked of Conform once; its fieldset's fields looked up. */
function formMeta<T extends object>(form: T, lookups: Lookups): T {
  const kept = new Map<PropertyKey, unknown>();
  return new Proxy(form, {
    get(target, key) {
      if (kept.has(key)) return kept.get(key);
      let value: unknown = Reflect.get(target, key);
      if (key === "getFieldset" && typeof value === "function") {
        const original = value as () => object;
        let fields: object | undefined;
        value = () => (fields ??= fieldset(original(), lookups, ""));
      }
      kept.set(key, value);
      return value;
    },
  });
}

/** A field's metadata, each property looked up once. */
function remembered<T extends object>(meta: T, lookups: Lookups, name: string, ask: () => object): T {
  const kept = new Map<PropertyKey, unknown>();
  const value = (key: PropertyKey): unknown => {
    switch (key) {
      case "defaultValue": {
        const initial = get("initialValue");
        return typeof initial === "string" ? initial : Array.isArray(initial) ? initial[0] : undefined;
      }
      case "defaultOptions": {
        const initial = get("initialValue");
        if (typeof initial === "string") return [initial];
        return Array.isArray(initial) && initial.every((item) => typeof item === "string") ? initial : undefined;
      }
      case "defaultChecked":
        return get("initialValue") === "on" ? true : undefined;
      case "getFieldset": {
        let fields: object | undefined;
        return () => (fields ??= fieldset((Reflect.get(ask(), "getFieldset") as () => object)(), lookups, name));
      }
      case "getFieldList": {
        let list: object[] | undefined;
        return () => {
          if (!list) {
            const fromConform = (Reflect.get(ask(), "getFieldList") as () => object[])();
            list = fromConform.map((item, i) => remembered(item, lookups, child(name, i), () => item));
          }
          return list;
        };
      }
    }
    return lookUp(key, lookups, name, ask);
  };
  const get = (key: PropertyKey): unknown => {
    if (!kept.has(key)) kept.set(key, value(key));
    return kept.get(key);
  };
  return new Proxy(meta, { get: (_target, key) => get(key) });
}

/** A fieldset: its fields by name, each field's metadata asked of Conform only for what is not a lookup. */
function fieldset<T extends object>(fields: T, lookups: Lookups, prefix: string): T {
  const made = new Map<string, object>();
  return new Proxy(fields, {
    get(target, key) {
      if (typeof key !== "string") return Reflect.get(target, key);
      let field = made.get(key);
      if (!field) {
        let conform: object | undefined;
        const ask = () => (conform ??= Reflect.get(target, key) as object);
        made.set(key, (field = remembered({}, lookups, child(prefix, key), ask)));
      }
      return field;
    },
  });
}
