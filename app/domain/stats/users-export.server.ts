// The statistics of users as a download (docs/api.md#exports): the screen's
// tables as one, the first column naming the grouping, the value in English
// (a country by its name and code), the members and their share of all.
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { countryName } from "../countries/country-names";
import { exportTable } from "./key-export.server";
import { COUNTRY_DIMENSIONS, USER_DIMENSIONS, type UserDimension } from "./users";
import type { UserCount, UserStatistics } from "./users.server";

const HEADER: string[] = ["Grouping", "Value", "Members", "Share (%)"];

const GROUPING: Record<UserDimension, string> = {
  gender: "Gender", nationality: "Nationality", residence_country: "Country of residence", work_country: "Country of work",
  researcher_status: "Researcher status", organization_type: "Organization type", young: "Early career", age_band: "Age band", new_users: "New or returning",
};

const FIXED: Record<string, string> = {
  yes: "Early-career", no: "Not early-career", "under-25": "Under 25", "25-34": "25–34", "35-44": "35–44", "45-54": "45–54", "55-64": "55–64", "65-plus": "65 and over",
  new: "New", returning: "Returning",
};

function valueOf(d: UserDimension, c: UserCount): string {
  if (c.value === null) return "Not given";
  if (COUNTRY_DIMENSIONS.includes(d)) return `${countryName(c.value, "en")} (${c.value})`;
  if (d === "young" || d === "age_band" || d === "new_users") return FIXED[c.value] ?? c.value;
  return c.label ?? c.value;
}

/** A share in percent, one decimal; empty with no member. */
export const sharePercent = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);

export function userRows(s: UserStatistics): Cell[][] {
  return [
    ["All", "Members", s.members, s.members ? 100 : null],
    ...USER_DIMENSIONS.flatMap((d) => s.groups[d].map((c) => [GROUPING[d], valueOf(d, c), c.members, sharePercent(c.members, s.members)])),
  ];
}

export const exportUserStatistics = (s: UserStatistics, format: ExportFormat) => exportTable("Users", HEADER, userRows(s), "users", format);
