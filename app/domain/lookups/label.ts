// An item of a lookup list in the reader's language. Pure (no server code):
// the screens call it with their own `t`.
import type { TFunction } from "i18next";
import { lookupKey, type LookupItem, type LookupList } from "./lists";

/** The translation of `lookups.<list>.<value>`, else the English label the API sent. */
export function lookupLabel(t: TFunction, list: LookupList, item: LookupItem): string {
  const key = lookupKey(list, item.value);
  const text = t(key, { defaultValue: "" });
  return typeof text === "string" && text !== "" && text !== key ? text : item.label;
}
