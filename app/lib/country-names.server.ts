import { countryOptionList } from "./countries.server";

/** Country names by ISO code in the reader's language: what read-only screens show for a stored code. */
export async function countryNames(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries((await countryOptionList(request)).map((o) => [o.value, o.label]));
}
