// GET /api/applications/report (editor, admin): the application ranking of
// the statistics (docs/api.md#statistics), the parts asked for in aggs[], or
// the ranking table as a download (export=csv|xlsx).
import { createRoute, z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { listOf } from "~/domain/admin-applications/query.server";
import { statsQuery } from "~/domain/stats/query.server";
import { RANKING_TOP_MAX, RECOMMENDATIONS, REPORT_AGGS } from "~/domain/stats/ranking";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const RankedApplication = z
  .object({
    id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(),
    call_id: z.number(), call_title: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    rank: z.number().nullable().openapi({ description: "Rank in its call (1, 2, 2, 4 on a tie of the two-decimal mean); null without a submitted score" }),
    overall_rank: z.number().nullable().openapi({ description: "Rank across the calls; null without a submitted score" }),
    mean_score: z.number().nullable().openapi({ description: "Mean of every score of its submitted evaluations, two decimals; null without one" }),
    evaluations: z.number().openapi({ description: "Submitted evaluations" }),
    criteria: z
      .array(z.object({ id: z.number(), mean: z.number().nullable() }))
      .openapi({ description: "Each of the call's criteria, in its order: the mean of its submitted scores (two decimals), null without one" }),
    recommendation: z.enum(RECOMMENDATIONS).openapi({ description: "The panel's: pending until complete, then recommended when it recommends at least one infrastructure" }),
  })
  .openapi("RankedApplication");

const CallRanking = z
  .object({
    id: z.number(), title: z.string(),
    criteria: z.array(z.object({ id: z.number(), key: z.string().nullable(), name: z.string() })).openapi({ description: "The criteria the call scores on (its own, else the defaults)" }),
    applications: z.array(RankedApplication).openapi({ description: "In rank order; ties and the unscored (last) by application number; the first `top` when it is given" }),
    total: z.number().openapi({ description: "The call's matching applications, however many `applications` holds" }),
  })
  .openapi("CallRanking");

const Report = z
  .object({
    application_ranking: z
      .array(z.object({
        call: z.object({ id: z.number(), title: z.string() }),
        data: z.array(z.object({ id: z.number(), label: z.string().openapi({ description: "The acronym, else #<id>" }), mean_score: z.number().nullable() })),
      }))
      .optional()
      .openapi({ description: "aggs[]=application_ranking: per call, each application's label and mean score in rank order (a chart's data)" }),
    application_ranking_table: z.array(CallRanking).optional().openapi({ description: "aggs[]=application_ranking_table: per call, the full ranking" }),
    overall_ranking: z.array(RankedApplication).optional().openapi({ description: "aggs[]=overall_ranking: every call's applications together, by overall rank; the first `top` when it is given" }),
    overall_total: z.number().optional().openapi({ description: "aggs[]=overall_ranking: the matching applications, however many overall_ranking holds" }),
  })
  .openapi("ApplicationReport");

export const reportQuery = statsQuery.safeExtend({
  "aggs[]": listOf(z.enum(REPORT_AGGS, "validation.invalid"), "The parts of the answer; when none is given, all of them. The download is always the ranking table"),
  top: z.coerce
    .number("validation.invalid")
    .int("validation.invalid")
    .min(1, "validation.invalid")
    .max(RANKING_TOP_MAX, "validation.invalid")
    .optional()
    .describe("Only the first `top` applications of each call's ranking, of its chart data and of the overall ranking (the totals say how many there are); the download keeps every row"),
});

export const report = createRoute({
  method: "get",
  path: "/applications/report",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The application ranking per call and across calls, by mean evaluation score; or the ranking table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key. Calls: the newest opening first. Within a call and overall: by mean score, best first; ties and the applications without a submitted evaluation (last, null means) by application number. Worked out at request time from the submitted evaluations.",
  request: { query: reportQuery },
  responses: {
    200: jsonOrDownload(Report, "The parts asked for, or (export) the ranking table"),
    ...authErrors,
    422: errorResponses[422],
  },
});
