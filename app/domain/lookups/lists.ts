// The application wizard's lookup lists (docs/data.md#lookup-lists, docs/api.md#endpoints): their
// names, which are also the last segment of the paths that serve them
// (/api/applications/<list>, /api/accesses/<list>). The items live in the
// lookup_items table (seeded by app/db/seeds/lookups.ts). Free of server code:
// screens import it.

export const LOOKUP_LISTS = [
  "cost-labels",
  "activity-fields",
  "activity-keywords",
  "working-region",
  "researcher-status",
  "genders",
  "organization-type",
] as const;

export type LookupList = (typeof LOOKUP_LISTS)[number];

/** One item of a list: the value stored, the English label. */
export interface LookupItem {
  value: string;
  label: string;
}

/** The lists an application's wizard reads (GET /api/applications/<list>). */
export const APPLICATION_LOOKUPS = ["cost-labels", "activity-fields", "activity-keywords", "working-region"] as const satisfies readonly LookupList[];
/** The lists a member's and an access's fields read (GET /api/accesses/<list>). */
export const ACCESS_LOOKUPS = ["researcher-status", "genders", "organization-type"] as const satisfies readonly LookupList[];

/** The i18n key of an item's label in the reader's language (locales/<lng>/lookups.json). */
export const lookupKey = (list: LookupList, value: string) => `lookups.${list}.${value}`;
