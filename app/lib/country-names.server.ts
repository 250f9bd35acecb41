import { countryOptionList } from "./countries.server";
import { i18next } from "~/i18n/i18next.server";
import { memberCountryCodes } from "~/domain/applications/members";
import type { GroupDraft } from "~/domain/applications/step-group";

// ICU's names do not change while the process runs: each language's list is
// asked of the API once (the languages are the portal's few), not on every
// read-only screen.
const byLanguage = new Map<string, Promise<Record<string, string>>>();

/** Country names by ISO code in the reader's language: what read-only screens show for a stored code. */
export async function countryNames(request: Request): Promise<Record<string, string>> {
  const lang = await i18next.getLocale(request);
  let names = byLanguage.get(lang);
  if (!names) {
    names = countryOptionList(request).then((list) => Object.fromEntries(list.map((o) => [o.value, o.label])));
    byLanguage.set(lang, names);
    names.catch(() => byLanguage.delete(lang));
  }
  return names;
}

/** Of `names`, those of the countries the draft's members name: all an application's screen shows (its data is part of its HTML). */
export function namesInDraft(names: Record<string, string>, draft: { group?: GroupDraft }): Record<string, string> {
  return Object.fromEntries(memberCountryCodes(draft.group).flatMap((code) => (code in names ? [[code, names[code]]] : [])));
}
