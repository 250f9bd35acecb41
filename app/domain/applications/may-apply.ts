// Who may start an application to a call (docs/lifecycle.md#creation,
// docs/validation.md#call): the API refuses with these keys, and the call's
// Apply page says the same before anything is clicked.

export const CALL_CLOSED = "applications.call-closed";
export const COUNTRY_MISSING = "applications.country-missing";
export const COUNTRY_NOT_AUTHORIZED = "applications.country-not-authorized";

export type ApplyRefusal = typeof CALL_CLOSED | typeof COUNTRY_MISSING | typeof COUNTRY_NOT_AUTHORIZED;

/** Why this applicant may not start an application to this call, or null: the call is open and their organization's country is not excluded. */
export function applyRefusal(call: { is_open: boolean; unauthorized_countries: readonly string[] }, organizationCountry: string | null | undefined): ApplyRefusal | null {
  if (!call.is_open) return CALL_CLOSED;
  if (!call.unauthorized_countries.length) return null;
  if (!organizationCountry) return COUNTRY_MISSING;
  return call.unauthorized_countries.includes(organizationCountry) ? COUNTRY_NOT_AUTHORIZED : null;
}
