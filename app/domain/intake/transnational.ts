// Transnational access, the funder's rule (docs/lifecycle.md#transnational-access):
// an application infrastructure is transnational when the user group's leader
// and the majority of its members (the leader among them) work in a country
// other than the infrastructure's, and outside the countries its call
// excludes. Worked out from the work countries of the submitted draft (ADR 018).
// This is the rule; transnational-sql.server.ts is the same rule in SQL for
// the statistics, and the tests hold both to the same cases. No zod: the
// screens read the reasons.

/** Why an application infrastructure is transnational, is not, or cannot be told yet. */
export const TRANSNATIONAL_REASONS = [
  "transnational", "leader-at-home", "leader-excluded", "majority-at-home", "no-country", "no-leader", "leader-country-missing", "countries-missing",
] as const;
export type TransnationalReason = (typeof TRANSNATIONAL_REASONS)[number];

export interface Transnational {
  /** null: cannot be told from what is known (the reason says what is missing). */
  eligible: boolean | null;
  reason: TransnationalReason;
  /** The infrastructure's country (ISO code). */
  country: string | null;
  /** The countries the call excludes. */
  excluded: string[];
  leader_country: string | null;
  /** Members of the group, the leader among them. */
  members: number;
  /** Members working outside the infrastructure's country and the excluded ones. */
  outside: number;
  /** Members without a work country. */
  missing: number;
}

interface Member {
  leader?: boolean | null;
  work_country?: string | null;
}

const code = (c: string | null | undefined) => (c ?? "").trim().toUpperCase();

/** The rule for one application infrastructure: its country, its call's excluded countries and the group's members. */
export function transnational(country: string | null | undefined, excluded: readonly string[], members: readonly Member[]): Transnational {
  const home = code(country);
  const barred = [...new Set(excluded.map(code).filter(Boolean))];
  const isOutside = (c: string) => c !== "" && c !== home && !barred.includes(c);
  const leaders = members.filter((m) => m.leader === true);
  const leaderCountry = leaders.length === 1 ? code(leaders[0].work_country) : "";
  const result = (eligible: boolean | null, reason: TransnationalReason): Transnational => ({
    eligible,
    reason,
    country: home || null,
    excluded: barred,
    leader_country: leaderCountry || null,
    members: members.length,
    outside: members.filter((m) => isOutside(code(m.work_country))).length,
    missing: members.filter((m) => code(m.work_country) === "").length,
  });
  if (!home) return result(null, "no-country");
  if (leaders.length !== 1) return result(null, "no-leader");
  if (!leaderCountry) return result(null, "leader-country-missing");
  if (leaderCountry === home) return result(false, "leader-at-home");
  if (barred.includes(leaderCountry)) return result(false, "leader-excluded");
  const r = result(true, "transnational");
  // A strict majority: half is not a majority.
  if (2 * r.outside > r.members) return r;
  // Those without a work country could still make the majority.
  if (2 * (r.outside + r.missing) > r.members) return { ...r, eligible: null, reason: "countries-missing" };
  return { ...r, eligible: false, reason: "majority-at-home" };
}
