// GET /api/stats/users (editor, admin): who the programme reached, the members
// of the applications the statistics filter keeps by gender, nationality,
// residence and work country, researcher status, organization type, early
// career, age band and new against returning (docs/data.md#statistics-of-users),
// or their table as a download.
import { createRoute, z } from "@hono/zod-openapi";
import { statsQuery } from "~/domain/stats/query.server";
import { USER_DIMENSIONS, type UserDimension } from "~/domain/stats/users";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const UserCount = z
  .object({
    value: z.string().nullable().openapi({ description: "The value as stored (an ISO country code, a lookup list's value, an age band, yes/no, new/returning); null: not given" }),
    label: z.string().nullable().openapi({ description: "A lookup value's English label (gender, researcher status, organization type); null otherwise" }),
    members: z.number(),
  })
  .openapi("UserCount");

const DESCRIPTIONS: Record<UserDimension, string> = {
  gender: "By gender (the genders list)",
  nationality: "By nationality (ISO 3166-1 alpha-2)",
  residence_country: "By country of residence",
  work_country: "By country of work",
  researcher_status: "By researcher status (the researcher-status list: R1 to R4 and others)",
  organization_type: "By organization type (the organization-type list)",
  young: "Early-career researchers (yes) and others (no)",
  age_band: "By age at the submission year, from the birth year: under-25, 25-34, 35-44, 45-54, 55-64, 65-plus; null without a birth year",
  new_users: "new: the member's e-mail is in no earlier submitted application; returning otherwise",
};

const UserGroups = z
  .object(Object.fromEntries(USER_DIMENSIONS.map((d) => [d, z.array(UserCount).openapi({ description: DESCRIPTIONS[d] })])) as Record<UserDimension, z.ZodArray<typeof UserCount>>)
  .openapi("UserGroups");

export const users = createRoute({
  method: "get",
  path: "/stats/users",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Members reached, by gender, nationality, residence and work country, researcher status, organization type, early career, age band, new or returning; or the table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key. Members are the groups of the submitted applications, each counted once per e-mail and described by their latest matching application; " +
    "a value not given is counted with value null. The download is one table, its first column naming the grouping. Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(
      z.object({ members: z.number().openapi({ description: "Distinct members, by e-mail" }), groups: UserGroups }).openapi("UserStatistics"),
      "The figures, or (export) the download",
    ),
    ...authErrors,
    422: errorResponses[422],
  },
});
