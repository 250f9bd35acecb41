// GET /api/stats/feedback (editor, admin): the feedback survey of the
// submitted reports of the applications the statistics filter keeps
// (docs/data.md#list-filters), or one of its tables as a download.
import { createRoute, z } from "@hono/zod-openapi";
import { FEEDBACK_QUESTIONS, FEEDBACK_TABLES } from "~/domain/stats/feedback";
import { statsTablesQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload, MetaSchema } from "../schemas";

const Question = z.enum(FEEDBACK_QUESTIONS).openapi({ description: "The survey's question: coordination, infrastructure, overall experience" });

const FeedbackStatistics = z
  .object({
    reports: z.number().openapi({ description: "Submitted reports counted (a report saved but not submitted is not)" }),
    scores: z.array(
      z.object({
        question: Question,
        counts: z.array(z.number()).openapi({ description: "How many answered 1, 2, 3, 4 and 5, in that order" }),
        answered: z.number(),
        mean: z.number().nullable().openapi({ description: "The mean score; null when nobody answered" }),
      }),
    ),
    recommend: z.object({
      yes: z.number(), no: z.number(),
      unanswered: z.number().openapi({ description: "Reports without the choice" }),
      share: z.number().nullable().openapi({ description: "Yes over yes and no (0 to 1); null when nobody chose" }),
    }),
    answers: z.object({
      data: z.array(
        z.object({
          application_id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(),
          call_id: z.number(), call_title: z.string(), question: Question, text: z.string(),
        }),
      ),
      meta: MetaSchema,
    }).openapi({ description: "The free-text answers that are not blank, newest application first, one page (page, per_page)" }),
  })
  .openapi("FeedbackStatistics");

export const feedback = createRoute({
  method: "get",
  path: "/stats/feedback",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The feedback survey: each score's distribution, the share who would recommend, the free-text answers; or a table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key, over the submitted reports. With export, `table` names the download: scores (the distribution), recommend, or answers (every free-text answer, not one page). Worked out at request time.",
  request: { query: statsTablesQuery(FEEDBACK_TABLES, "The table a download holds: scores (default), recommend or answers") },
  responses: {
    200: jsonOrDownload(FeedbackStatistics, "The figures and a page of the answers, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
