// GET /api/stats/timeline (editor, admin): the access calendar, the granted
// accesses of the filtered applications in one accesses status, or all of
// them as CSV or XLSX (app/domain/stats/timeline.server.ts says which dates).
import { createRoute, z } from "@hono/zod-openapi";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { ACCESS_TYPES } from "~/domain/applications/accesses";
import { statsQueryWith } from "~/domain/stats/query.server";
import { TIMELINE_LIST_MAX } from "~/domain/stats/timeline.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

export const timelineQuery = statsQueryWith({
  accesses_status: z
    .enum(ACCESS_STATUSES, "validation.invalid")
    .optional()
    .describe("The accesses in this status, with the dates it vouches for: proposed (as applied for, the default), user_reported (the applicant's report), sm_reported (the infrastructure's confirmation)"),
});

const TimelineAccess = z
  .object({
    id: z.number(), application_id: z.number(), acronym: z.string().nullable(),
    infrastructure_id: z.number(), infrastructure: z.string().openapi({ description: "Its short name, else its name" }),
    member: z.string().nullable().openapi({ description: "The member's name in the application's group, else their e-mail" }),
    type: z.enum(ACCESS_TYPES),
    date_from: z.string().openapi({ description: "First day (yyyy-MM-dd)" }),
    date_to: z.string().openapi({ description: "Last day (yyyy-MM-dd)" }),
    units: z.number(),
    status: z.enum(ACCESS_STATUSES),
  })
  .openapi("TimelineAccess");

export const timeline = createRoute({
  method: "get",
  path: "/stats/timeline",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The access calendar: granted accesses per infrastructure with their dates, or all of them as CSV or XLSX (editor, admin)",
  description: `The statistics filter of GET /stats/key, plus accesses_status (default proposed). An access is granted when its application reached granted (granted, accepted, reporting, reported), its infrastructure accepted it and it was not found ineligible. The answer carries the first ${TIMELINE_LIST_MAX} accesses by infrastructure and first day, and total; the download carries all.`,
  request: { query: timelineQuery },
  responses: {
    200: jsonOrDownload(z.object({ data: z.array(TimelineAccess), total: z.number().openapi({ description: "Accesses in all" }) }), "The accesses, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
