// What every API error answers (docs/api.md#errors): `message` in words an external
// client can show (the texts of docs/validation.md#messages, in English), `code` the stable key the
// portal's own screens translate, and `errors` the fields' keys.
import { resources } from "~/i18n/resources.server";

type Tree = { [key: string]: string | Tree };

/** The English text of a message key, or the key itself when it has none. */
export function englishText(code: string): string {
  let node: string | Tree | undefined = resources.en.common as Tree;
  for (const part of code.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : code;
}

export function errorBody(code: string, errors?: Record<string, string[]>) {
  return { message: englishText(code), code, ...(errors ? { errors } : {}) };
}
