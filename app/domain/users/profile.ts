// The "My profile" form's rules (docs/data.md#user), shared by the screen and
// PUT /api/users/me. zod/mini: it runs in the browser too. The e-mail, name and
// surname are not here: they come from the identity provider's token and are
// written again from its claims on every sign-in (docs/roles.md#roles), so the
// profile shows them read-only rather than accept a change that would not last.
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { canonicalOrcid, ORCID_MESSAGE } from "./orcid";

export const PROFILE_MAX = 255;

/** The fields a user edits on their own profile, in the form's order. */
export const PROFILE_FIELDS = [
  "email_cc", "website", "phone", "address", "nationality", "orcid",
  "organization_name", "organization_address", "organization_email", "organization_country",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Fields that hold an ISO 3166-1 alpha-2 code of the countries table. */
export const PROFILE_COUNTRY_FIELDS = ["nationality", "organization_country"] as const;

export const PROFILE_COUNTRY_MESSAGE = "profile-validation.country";

// Empty fields arrive as undefined (Conform; the API's blanks and nulls the
// same), so "required" is an undefined input.
const requiredOr = (message: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : message) });

// Every text of the profile is one line (docs/validation.md#single-line-texts).
const optionalText = z.optional(z.string(requiredOr("validation.invalid")).check(singleLine(), z.trim(), z.maxLength(PROFILE_MAX, "validation.max")));
const email = z.optional(z.email(requiredOr("validation.email")).check(z.maxLength(PROFILE_MAX, "validation.max")));
const url = z.optional(z.url({ protocol: /^https?$/, ...requiredOr("validation.url") }).check(z.maxLength(PROFILE_MAX, "validation.max")));
const country = z.optional(z.string(requiredOr(PROFILE_COUNTRY_MESSAGE)).check(z.trim(), z.regex(/^[A-Z]{2}$/, PROFILE_COUNTRY_MESSAGE)));

/** An ORCID iD as typed (with or without https://orcid.org/, spaces): its check character verified; stored canonical. */
export const orcidField = z.optional(z.string(requiredOr(ORCID_MESSAGE)).check(z.maxLength(100, ORCID_MESSAGE), z.refine((v) => canonicalOrcid(v) !== undefined, ORCID_MESSAGE)));

export const profileSchema = z.object({
  email_cc: email,
  website: url,
  phone: optionalText,
  address: optionalText,
  nationality: country,
  orcid: orcidField,
  organization_name: optionalText,
  organization_address: optionalText,
  organization_email: email,
  organization_country: country,
});

export type ProfileInput = z.infer<typeof profileSchema>;
