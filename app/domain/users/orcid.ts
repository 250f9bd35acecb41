// An ORCID iD (docs/data.md#orcid-ids): 16 characters, shown in four groups of
// four (0000-0002-1825-0097), the last a check character by ISO 7064 MOD 11-2
// (0-9, or X for ten). The one rule for the profile, the user group's members,
// the screens and the sign-in's `orcid` claim. No zod: screens and the PDF
// read it too.

/** The message key of a mistyped ORCID iD (locales/*\/common.json). */
export const ORCID_MESSAGE = "validation.orcid";

/** The address an ORCID iD resolves to; the canonical form follows it. */
export const ORCID_BASE = "https://orcid.org/";

/** ISO 7064 MOD 11-2 check character of the first 15 digits. */
export function orcidCheckCharacter(digits15: string): string {
  let total = 0;
  for (const d of digits15) total = (total + Number(d)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

/**
 * The canonical ORCID iD (0000-0002-1825-0097) of what was typed: with or
 * without https://orcid.org/ (or orcid.org/), spaces or hyphens anywhere, a
 * lower-case x; undefined when it is not 16 characters or its check character
 * is wrong.
 */
export function canonicalOrcid(input: string): string | undefined {
  if (input.length > 100) return undefined;
  const bare = input.trim().replace(/^(https?:\/\/)?(www\.)?orcid\.org\//i, "").replace(/[\s-]/g, "").toUpperCase();
  if (!/^\d{15}[\dX]$/.test(bare)) return undefined;
  if (orcidCheckCharacter(bare.slice(0, 15)) !== bare[15]) return undefined;
  return bare.match(/.{4}/g)!.join("-");
}

/** The link of a stored iD, when it is a valid one (a draft keeps what was typed). */
export const orcidLink = (stored: string | null | undefined): string | undefined => {
  const id = stored ? canonicalOrcid(stored) : undefined;
  return id ? ORCID_BASE + id : undefined;
};
