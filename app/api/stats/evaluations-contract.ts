// GET /api/stats/evaluations (editor, admin): evaluator workload, score
// distributions and agreement (docs/data.md#evaluation-statistics), or one of
// the tables as a download.
import { createRoute, z } from "@hono/zod-openapi";
import { evaluationsQuery } from "~/domain/stats/evaluations.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const EvaluationStatistics = z
  .object({
    workload: z.array(
      z.object({
        id: z.number(), name: z.string(), email: z.string(),
        assigned: z.number(), accepted: z.number(),
        conflicts: z.number().openapi({ description: "Declined with a conflict of interest" }),
        submitted: z.number(),
        late: z.number().openapi({ description: "Submitted after the call's evaluation date, or not submitted and past it" }),
      }),
    ),
    scores: z.array(z.number()).openapi({ description: "The scores counted: 1 to 5, with halves when a call allows them" }),
    criteria: z.array(
      z.object({
        id: z.number(), key: z.string().nullable(), name: z.string(),
        counts: z.array(z.number()).openapi({ description: "Submitted evaluations giving each score of `scores`" }),
        evaluations: z.number(), mean: z.number().nullable(),
      }),
    ),
    agreement: z.array(
      z.object({
        id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), call: z.string(),
        evaluations: z.number(),
        min: z.number().openapi({ description: "The lowest evaluation score (an evaluation's score: the mean of its criteria)" }),
        max: z.number(), spread: z.number().openapi({ description: "max − min" }),
        sd: z.number().openapi({ description: "Population standard deviation of the evaluation scores" }),
      }),
    ).openapi({ description: "Widest spread first; the first `top` when it is given" }),
    agreement_total: z.number().openapi({ description: "The applications with two submitted evaluations or more, however many `agreement` holds" }),
    summary: z.object({
      applications: z.number().openapi({ description: "Applications with two submitted evaluations or more" }),
      mean_spread: z.number().nullable(),
      share_over_one: z.number().nullable().openapi({ description: "Share of them whose evaluations differ by more than one point (0 to 1)" }),
    }),
  })
  .openapi("EvaluationStatistics");

export const evaluations = createRoute({
  method: "get",
  path: "/stats/evaluations",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Evaluator workload, score distributions per criterion and agreement between the evaluators of one application; or one table as CSV or XLSX (editor, admin)",
  description: "The statistics filter of GET /stats/key; evaluations of the matching applications. Worked out at request time.",
  request: { query: evaluationsQuery },
  responses: {
    200: jsonOrDownload(EvaluationStatistics, "The statistics, or (export) the download of `table`"),
    ...authErrors,
    422: errorResponses[422],
  },
});
