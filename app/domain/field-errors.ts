// Zod issues as the forms name their fields. Pure, so the wizard's rules
// (app/domain/applications) use it in the browser as the API does.
export type FieldErrors = Record<string, string[]>;
type Issue = { path: readonly PropertyKey[]; message: string };

/** A zod path as the form names the field (`periods[0].date_from`), so a form maps API errors back as they are. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, seg) => (typeof seg === "number" ? `${name}[${seg}]` : name ? `${name}.${String(seg)}` : String(seg)), "") || "_";
}

const MESSAGE_KEY = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * Zod issues as `{ field: [messageKey] }`. Messages are translation keys;
 * zod's own English (a wrong JSON type) becomes validation.invalid. `byField`
 * names the top-level field only, for forms that show one message per field.
 */
export function fieldErrorsOf(issues: readonly Issue[], byField = false): FieldErrors {
  // No prototype: a field named valueOf or toString is just a key.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const key = byField ? String(issue.path[0] ?? "_") : fieldName(issue.path);
    const message = MESSAGE_KEY.test(issue.message) ? issue.message : "validation.invalid";
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

