// The panel's recommendation (docs/lifecycle.md#panel-recommendation): what the editor's form and the
// panel members' read-only view show, and the editor's save. Panel members are
// named by e-mail in the panel-members setting (docs/decisions/023-panel-members.md).
import { createRoute, z } from "@hono/zod-openapi";
import { recommendationBody } from "~/domain/recommendation/bodies";
import { ID_MAX } from "~/domain/id-rules";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { parsedBody } from "../contract";
import { allow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const Ranked = z.object({
  rank: z.number().nullable().openapi({ description: "Competition rank by mean score (1, 2, 2, 4); null without a submitted score" }),
  id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), status: z.enum(APPLICATION_STATUSES),
  ta_recommendation_complete: z.boolean(),
  mean_score: z.number().nullable().openapi({ description: "Mean of every submitted score, two decimals" }),
  evaluations: z.number().openapi({ description: "Submitted evaluations" }),
  gap: z.boolean().optional().openapi({ description: "With ranking=window: rows before this one were left out" }),
});

export const RecommendationSchema = z
  .object({
    application: z.object({
      id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), status: z.enum(APPLICATION_STATUSES), updated_at: z.string(),
      evaluation_complete: z.boolean(), ta_recommendation_complete: z.boolean(), recommendation_date: z.string().nullable(),
      recommendation_notes: z.string().nullable(), mean_score: z.number().nullable(), rank: z.number().nullable(),
    }),
    call: z.object({ id: z.number(), title: z.string(), half_point_rating: z.boolean() }),
    editable: z.boolean().openapi({ description: "true for editors while the application is under evaluation" }),
    infrastructures: z.array(
      z.object({
        id: z.number().openapi({ description: "The application infrastructure" }), infrastructure_id: z.number(), name: z.string(), short_name: z.string().nullable(),
        has_eligible_accesses: z.boolean().nullable(),
        requested: z.object({ accesses: z.number(), units: z.number(), participants: z.number() }).openapi({ description: "What the eligible accesses ask for" }),
        ta_recommended: z.boolean().nullable(), ta_units: z.number().nullable(), ta_participants: z.number().nullable(),
        ta_budget: z.string().nullable().openapi({ description: "Euro, as a decimal string" }), ta_recommendation: z.string().nullable(),
      }),
    ),
    criteria: z.array(z.object({ id: z.number(), key: z.string().nullable(), name: z.string() })),
    evaluations: z.array(
      z.object({
        id: z.number(), evaluator: z.string().nullable(), submitted_at: z.string().nullable(),
        scores: z.record(z.string(), z.object({ score: z.number().optional(), justification: z.string().optional() })),
      }),
    ),
    ranking: z.array(Ranked).openapi({ description: "The call's evaluated applications, best mean score first (with ranking=window, the top ten and five either side of this one)" }),
    ranked: z.number().openapi({ description: "How many applications the whole ranking holds" }),
  })
  .openapi("Recommendation");

const RankingQuery = z.object({
  ranking: z.enum(["all", "window"]).optional().openapi({ description: "all (default): the whole ranking; window: what a screen shows of it" }),
});

export const recommendation = createRoute({
  method: "get",
  path: "/applications/{id}/recommendation",
  security: bearer,
  summary: "Editors, and panel members read-only: the panel's recommendation per application infrastructure, the evaluations' scores and the call's ranking by mean score",
  request: { params: IdParam, query: RankingQuery },
  responses: { 200: json(RecommendationSchema), ...authErrors, 404: errorResponses[404] },
});

export const saveRecommendation = createRoute({
  method: "put",
  path: "/applications/{id}/recommendation",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary:
    "Editor: record the panel's recommendation while under evaluation. Per application infrastructure sent: the text when recommended; the flag, units, participants and budget when it has eligible accesses; the notes when none is recommended. Complete (ta_recommendation_complete, recommendation_date) once every infrastructure with eligible accesses has a flag",
  request: { params: IdParam, ...parsedBody(recommendationBody, "The application infrastructures' recommendations, the panel's notes and the application's updated_at last read", { optional: ["infrastructures"] }) },
  responses: {
    200: json(RecommendationSchema),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at, or the application is not under evaluation"),
    422: errorResponses[422],
  },
});

export const PanelListSchema = z
  .object({
    calls: z.array(z.object({ id: z.number(), title: z.string(), under_evaluation: z.number() })).openapi({ description: "Calls with applications under evaluation, newest first" }),
    call: z.object({ id: z.number(), title: z.string() }).nullable().openapi({ description: "The call ranked: call_id, or the newest; null when none" }),
    applications: z.array(Ranked).openapi({ description: "Its applications under evaluation, best mean score first (ranks among all its evaluated applications)" }),
  })
  .openapi("PanelApplications");

export const panelApplications = createRoute({
  method: "get",
  path: "/panel/applications",
  security: bearer,
  summary: "Panel members and editors: the calls with applications under evaluation, and one call's (call_id, or the newest) ranked by mean score",
  request: { query: z.object({ call_id: z.coerce.number().int().positive().max(ID_MAX).optional() }) },
  responses: { 200: json(PanelListSchema), ...authErrors, 422: errorResponses[422] },
});
