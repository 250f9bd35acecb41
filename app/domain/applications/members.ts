// The user group's members as screens and rules read them (docs/data.md#member).
// No zod: the browser loads it (ADR 020); section-group.ts has the schemas.
import type { GroupDraft, MemberDraft } from "./section-group";

export { MEMBERS_MAX } from "./draft-bounds";

/** The member fields in the form's order. */
export const MEMBER_FIELDS = [
  "name", "surname", "email", "orcid", "nationality", "residence_country", "residence_place", "gender", "birth_year",
  "researcher_status", "intent_of_research", "work_place", "organization_type", "work_country", "organization_city",
] as const;
export const MEMBER_COUNTRY_FIELDS = ["nationality", "residence_country", "work_country"] as const;

/** The country codes the group's members name (each once): what a read-only screen needs names for. */
export function memberCountryCodes(group: GroupDraft | undefined): string[] {
  return [...new Set((group?.members ?? []).flatMap((m) => MEMBER_COUNTRY_FIELDS.map((f) => m[f]).filter((c): c is string => typeof c === "string" && c !== "")))];
}

/** The group leader, when exactly one member is marked so. */
export function groupLeader(group: GroupDraft | undefined): MemberDraft | undefined {
  const leaders = (group?.members ?? []).filter((m) => m.leader);
  return leaders.length === 1 ? leaders[0] : undefined;
}

/** How a member is named in lists and pickers: "Name Surname", else "Member N". */
export const memberLabel = (m: MemberDraft, index: number, memberWord: string) =>
  [m.name, m.surname].filter(Boolean).join(" ").trim() || `${memberWord} ${index + 1}`;
