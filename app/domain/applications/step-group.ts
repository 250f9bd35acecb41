// Step 4, User group (docs/data.md#member, docs/validation.md#members): every member's fields,
// exactly one group leader, e-mails unique within the application. Members
// carry a key so an access can name its member across removals.
import * as z from "zod/mini";
import { requiredEmail, requiredLine, requiredText, TEXT_MAX, wholeNumber } from "./fields";
import { errorsAgainst, keptPer, type StepModule } from "./step-module";
import type { FieldErrors } from "../field-errors";
import type { WizardContext } from "./context";
import { groupDraft, type MemberDraft, type GroupDraft } from "./section-group";
import { canonicalOrcid, ORCID_MESSAGE } from "../users/orcid";

export { groupLeader, memberLabel, MEMBER_COUNTRY_FIELDS, MEMBER_FIELDS, MEMBERS_MAX } from "./members";

export { memberDraft, groupDraft, type MemberDraft, type GroupDraft } from "./section-group";

const oneOf = (values: readonly string[] | undefined, message: string) =>
  z.string({ error: "validation.required" }).check(z.refine((v) => !values?.length || values.includes(v), message));
const country = (countries: readonly string[] | undefined) =>
  z.string({ error: "validation.required" }).check(z.refine((v) => /^[A-Z]{2}$/.test(v) && (!countries?.length || countries.includes(v)), "profile-validation.country"));

// Per lookup lists, and per year (the birth year's bound).
const membersRules = /* @__PURE__ */ keptPer((lookups: WizardContext["lookups"]) => z.object({ members: z.array(memberRules(lookups)) }));

const memberRules = (lookups: WizardContext["lookups"]) =>
  z.object({
    name: requiredLine(),
    surname: requiredLine(),
    email: requiredEmail,
    orcid: z.optional(z.string().check(z.refine((v) => canonicalOrcid(v) !== undefined, ORCID_MESSAGE))),
    nationality: country(lookups.countries),
    residence_country: country(lookups.countries),
    residence_place: requiredLine(),
    gender: oneOf(lookups.genders, "validation.invalid"),
    birth_year: z.optional(wholeNumber(1900, new Date().getUTCFullYear(), "applications-validation.birth-year")),
    researcher_status: oneOf(lookups["researcher-status"], "validation.invalid"),
    intent_of_research: requiredText(TEXT_MAX),
    work_place: requiredLine(),
    organization_type: oneOf(lookups["organization-type"], "validation.invalid"),
    work_country: country(lookups.countries),
    organization_city: requiredLine(),
  });

/** The rules across members: at least one, exactly one leader, no e-mail twice. */
function groupErrors(members: MemberDraft[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!members.length) errors.members = ["applications-validation.members"];
  const leaders = members.filter((m) => m.leader).length;
  if (members.length && leaders === 0) errors.members = ["applications-validation.leader-missing"];
  if (leaders > 1) errors.members = ["applications-validation.leader-many"];
  const seen = new Set<string>();
  members.forEach((m, i) => {
    const email = m.email?.trim().toLowerCase();
    if (!email) return;
    if (seen.has(email)) errors[`members[${i}].email`] = ["applications-validation.email-unique"];
    seen.add(email);
  });
  return errors;
}

export const groupStep: StepModule<GroupDraft> = {
  draft: groupDraft,
  check: (section, ctx) => {
    const members = section?.members ?? [];
    return errorsAgainst(membersRules(ctx.lookups, String(new Date().getUTCFullYear())), { members }, groupErrors(members));
  },
  suggestions: (section) => (section?.members ?? []).flatMap((m, i) => (m.birth_year ? [] : [`members[${i}].birth_year`])),
};
