// Saving one's own profile through the write pipeline (ADR 015): the API's
// contract parses the body with the shared schema, the countries table is
// checked here, then one update stamped with versionNow(). No version check: only its owner edits a
// profile, and a save changes only the fields it names.
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { invalid, versionNow, type FieldErrors } from "../write.server";
import { canonicalOrcid } from "./orcid";
import { PROFILE_COUNTRY_FIELDS, PROFILE_COUNTRY_MESSAGE, PROFILE_FIELDS, type ProfileInput } from "./profile";

/** A profile save: the fields the body names, null for one it clears (its API contract's clearableBody). */
export type ProfileUpdate = { [K in keyof ProfileInput]?: ProfileInput[K] | null };
import { unknownCountries } from "../countries/countries.server";

/** Which of the country fields name no row of the countries table. */
async function countryErrors(db: Db, input: ProfileUpdate): Promise<FieldErrors> {
  const unknown = await unknownCountries(db, PROFILE_COUNTRY_FIELDS.map((f) => input[f]).filter((c): c is string => Boolean(c)));
  const errors: FieldErrors = {};
  for (const f of PROFILE_COUNTRY_FIELDS) if (input[f] && unknown.has(input[f])) errors[f] = [PROFILE_COUNTRY_MESSAGE];
  return errors;
}

/**
 * PUT /api/users/me: the user's own fields the body names (docs/api.md#profile):
 * an absent field is unchanged, a null or blank one cleared; never the e-mail,
 * name or surname (the identity provider's).
 */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdate): Promise<void> {
  const errors = await countryErrors(db, input);
  if (Object.keys(errors).length) throw invalid(errors);
  const named = PROFILE_FIELDS.filter((f) => Object.hasOwn(input, f));
  const values = Object.fromEntries(named.map((f) => [f, input[f] ?? null])) as Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>;
  // Stored in the one canonical form, whatever way it was typed (docs/data.md#orcid-ids).
  if (values.orcid) values.orcid = canonicalOrcid(values.orcid) ?? null;
  const updated = await db
    .updateTable("users")
    .set({ ...values, updated_at: versionNow() })
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!updated.numUpdatedRows) throw notFound();
}
