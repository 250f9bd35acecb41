// Plain helpers of the admin's user screens (no styles: unit tests import them).
import { DEFAULT_ROLE, isRole, ROLES } from "~/domain/users/roles";

/** What a user is called on the admin screens: their display name, else their e-mail. */
export const userName = (user: { display_name: string | null; email: string }) => user.display_name || user.email;

/**
 * An e-mail address cut where a line may break in a narrow column: after the
 * "@" and before each dot ("jane@" "example" ".org"), never inside a word.
 */
export const emailParts = (email: string) => email.split(/(?<=@)|(?=\.)/);

/** The user's roles in the portal's role order, unknown names left out. */
export const orderedRoles = (roles: readonly string[]) => ROLES.filter((r) => roles.includes(r));

/**
 * The roles the editor shows ticked: what the form last held (Conform's
 * initial value: one name, a list, or nothing), and always applicant, which
 * everyone keeps.
 */
export function tickedRoles(initial: unknown): Set<string> {
  const values = Array.isArray(initial) ? initial : initial === undefined || initial === null ? [] : [initial];
  return new Set([DEFAULT_ROLE, ...values.filter((v): v is string => typeof v === "string" && isRole(v))]);
}

/** The errors of the roles list and of each of its entries (roles[0]: a role that does not exist), once each. */
export function roleErrorsOf(allErrors: Record<string, string[] | undefined>): string[] {
  return [...new Set(Object.entries(allErrors).flatMap(([name, errors]) => (/^roles(\[\d+\])?$/.test(name) ? (errors ?? []) : [])))];
}

/** The profile fields of GET /api/users/{id}, in the order the screen lists them. */
export const USER_FACT_FIELDS = [
  "name",
  "surname",
  "display_name",
  "email",
  "email_cc",
  "phone",
  "website",
  "address",
  "nationality",
  "orcid",
  "organization_name",
  "organization_address",
  "organization_email",
  "organization_country",
  "status",
  "groups",
  "accept_conditions_disclaimer",
] as const;
export type UserFactField = (typeof USER_FACT_FIELDS)[number];

type AlwaysGiven = "email" | "status";
export type UserProfile = {
  [K in UserFactField]: K extends "groups" ? string[] : K extends "accept_conditions_disclaimer" ? boolean : K extends AlwaysGiven ? string : string | null;
} & { id: number; roles: string[] };

/** A profile value as text, or null when the user gave none (the screen says "Not given"). */
export function profileText(user: UserProfile, field: UserFactField): string | boolean | null {
  const value = user[field];
  if (Array.isArray(value)) return value.length ? value.join(", ") : null;
  if (typeof value === "string") return value.trim() ? value : null;
  return value;
}
