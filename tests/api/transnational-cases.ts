// The cases of the transnational rule (docs/lifecycle.md#transnational-access), held
// against the rule (app/domain/intake/transnational.test.ts) and its SQL
// (stats-funder-report.test.ts): one table, so the two cannot drift apart.
export interface TransnationalCase {
  name: string;
  country: string | null;
  excluded: string[];
  /** Work countries, the leader first ("" none, null not a member's field at all). */
  members: { work_country?: string; leader?: boolean }[];
  eligible: boolean | null;
  reason: string;
}

const group = (leader: string, ...others: string[]) => [{ work_country: leader, leader: true }, ...others.map((c) => ({ work_country: c }))];

export const TRANSNATIONAL_CASES: TransnationalCase[] = [
  { name: "leader and 3 of 4 abroad", country: "NO", excluded: [], members: group("FR", "DE", "NO", "IT"), eligible: true, reason: "transnational" },
  { name: "leader at home", country: "NO", excluded: [], members: group("NO", "DE", "FR", "IT"), eligible: false, reason: "leader-at-home" },
  { name: "country codes in any case and spacing", country: " no", excluded: [], members: group("no ", "DE"), eligible: false, reason: "leader-at-home" },
  { name: "majority at home", country: "NO", excluded: [], members: group("FR", "NO", "NO"), eligible: false, reason: "majority-at-home" },
  { name: "a tie is no majority", country: "NO", excluded: [], members: group("FR", "DE", "NO", "NO"), eligible: false, reason: "majority-at-home" },
  { name: "alone abroad", country: "NO", excluded: [], members: group("FR"), eligible: true, reason: "transnational" },
  { name: "leader in a country the call excludes", country: "NO", excluded: ["FR"], members: group("FR", "DE", "IT"), eligible: false, reason: "leader-excluded" },
  { name: "members in an excluded country are not abroad", country: "NO", excluded: ["de"], members: group("FR", "DE", "DE", "IT"), eligible: false, reason: "majority-at-home" },
  { name: "the leader without a work country", country: "NO", excluded: [], members: group("", "DE", "FR"), eligible: null, reason: "leader-country-missing" },
  { name: "members without a work country who could make the majority", country: "NO", excluded: [], members: group("FR", "", "", "NO"), eligible: null, reason: "countries-missing" },
  { name: "a member without a work country who could not change it", country: "NO", excluded: [], members: group("FR", "", "NO", "NO", "NO"), eligible: false, reason: "majority-at-home" },
  { name: "a majority abroad, one unknown", country: "NO", excluded: [], members: group("FR", "DE", ""), eligible: true, reason: "transnational" },
  { name: "no leader", country: "NO", excluded: [], members: [{ work_country: "FR" }, { work_country: "DE" }], eligible: null, reason: "no-leader" },
  { name: "two leaders", country: "NO", excluded: [], members: [{ work_country: "FR", leader: true }, { work_country: "DE", leader: true }], eligible: null, reason: "no-leader" },
  { name: "no members", country: "NO", excluded: [], members: [], eligible: null, reason: "no-leader" },
  { name: "an infrastructure without a country", country: null, excluded: [], members: group("FR"), eligible: null, reason: "no-country" },
];
