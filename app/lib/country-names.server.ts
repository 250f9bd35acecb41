import { countryOptionList, keptPerLanguage } from "./countries.server";
import { memberCountryCodes } from "~/domain/applications/members";
import type { GroupDraft } from "~/domain/applications/step-group";

/** Country names by ISO code in the reader's language: what read-only screens show for a stored code. */
export const countryNames = keptPerLanguage("country names", async (request): Promise<Record<string, string>> => {
  const list = await countryOptionList(request);
  return Object.fromEntries(list.map((o) => [o.value, o.label]));
});

/** Of `names`, those of the countries the draft's members name: all an application's screen shows (its data is part of its HTML). */
export function namesInDraft(names: Record<string, string>, draft: { group?: GroupDraft }): Record<string, string> {
  return Object.fromEntries(memberCountryCodes(draft.group).flatMap((code) => (code in names ? [[code, names[code]]] : [])));
}
