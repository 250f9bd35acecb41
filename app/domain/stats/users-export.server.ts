// The statistics of users as a download (docs/api.md#exports): the screen's
// tables as one, the first column naming the grouping, the value in the
// exporter's language (a country by its name and code) and its code beside it,
// the members and their share of all.
import type { TFunction } from "i18next";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { countryName } from "../countries/country-names";
import { exportTable } from "./key-export.server";
import { lookupLabel } from "../lookups/label";
import type { LookupList } from "../lookups/lists";
import { COUNTRY_DIMENSIONS, USER_DIMENSIONS, type UserDimension } from "./users";
import type { UserCount, UserStatistics } from "./users.server";

const HEADER: string[] = ["Grouping", "Value", "Code", "Members", "Share (%)"];

const GROUPING: Record<UserDimension, string> = {
  gender: "Gender", nationality: "Nationality", residence_country: "Country of residence", work_country: "Country of work",
  researcher_status: "Researcher status", organization_type: "Organization type", young: "Early career", age_band: "Age band", new_users: "New or returning",
};

const LOOKUP_OF: Partial<Record<UserDimension, LookupList>> = { gender: "genders", researcher_status: "researcher-status", organization_type: "organization-type" };

/** A value as the screen reads it, in `t`'s language. */
function valueOf(d: UserDimension, c: UserCount, t: TFunction, lang: string): string {
  if (c.value === null) return t("stats.users.not-given");
  if (COUNTRY_DIMENSIONS.includes(d)) return `${countryName(c.value, lang)} (${c.value})`;
  const list = LOOKUP_OF[d];
  if (list) return lookupLabel(t, list, { value: c.value, label: c.label ?? c.value });
  return t(`stats.users.values.${d}.${c.value}`);
}

/** A share in percent, one decimal; empty with no member. */
export const sharePercent = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);

export function userRows(s: UserStatistics, t: TFunction, lang: string): Cell[][] {
  return [
    ["All", "Members", null, s.members, s.members ? 100 : null],
    ...USER_DIMENSIONS.flatMap((d) => s.groups[d].map((c) => [GROUPING[d], valueOf(d, c, t, lang), c.value, c.members, sharePercent(c.members, s.members)])),
  ];
}

export const exportUserStatistics = (s: UserStatistics, format: ExportFormat, t: TFunction, lang: string) =>
  exportTable("Users", HEADER, userRows(s, t, lang), "users", format);
