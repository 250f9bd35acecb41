// The groupings of the statistics of users (GET /api/stats/users), shared by
// the API, the screen and the download. Free of server code: the screen ships it.

/** The groupings, in the order the screen and the download show them. */
export const USER_DIMENSIONS = [
  "gender", "nationality", "residence_country", "work_country", "researcher_status", "organization_type", "young", "age_band", "new_users",
] as const;
export type UserDimension = (typeof USER_DIMENSIONS)[number];

/** Age at the submission year, from the birth year. */
export const AGE_BANDS = ["under-25", "25-34", "35-44", "45-54", "55-64", "65-plus"] as const;

/** The groupings whose values are fixed, in their order: each value is listed, with 0 members if none. */
export const USER_FIXED_VALUES = {
  young: ["yes", "no"],
  age_band: AGE_BANDS,
  new_users: ["new", "returning"],
} as const satisfies Partial<Record<UserDimension, readonly string[]>>;

/** The groupings whose values are country codes (shown with their names). */
export const COUNTRY_DIMENSIONS: readonly UserDimension[] = ["nationality", "residence_country", "work_country"];
