// The dashboard API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { NEXT_ACTIONS, TODO_ACTIONS, TODO_VIEWS } from "~/domain/todo/next-action";
import { bearer, errorResponses, json } from "../schemas";

// The signed-in home page's counts. Each area appears only for the roles it
// serves; the issues that build applications and evaluations add theirs here.
export const Dashboard = z
  .object({
    open_calls: z.number(),
    infrastructures: z.number().optional(),
  })
  .openapi("Dashboard");

export const dashboard = createRoute({
  method: "get",
  path: "/dashboard",
  security: bearer,
  summary: "Counts for the signed-in user's dashboard",
  responses: { 200: json(Dashboard), 401: errorResponses[401] },
});

/** What a person does next with an application (app/domain/todo/next-action.ts); every list row carries one. */
export const NextActionSchema = z
  .object({
    action: z.enum(NEXT_ACTIONS).openapi({ description: "none: nothing to do (the link reads the application)" }),
    deadline: z.string().nullable().openapi({ description: "The day it is due by (yyyy-MM-dd, Brussels), when there is one" }),
    overdue: z.boolean().openapi({ description: "The deadline is behind today and the action is still to do" }),
    href: z.string().openapi({ description: "The portal path of the screen where it is done" }),
    step: z.number().nullable().openapi({ description: "The wizard step reached, for continue-draft" }),
  })
  .openapi("NextAction");

const TodoItem = z
  .object({
    view: z.enum(TODO_VIEWS).openapi({ description: "The role it is done in: owner (the applicant), evaluator, watchdog, viewer, staff (infrastructure), editor (admin area)" }),
    action: z.enum(TODO_ACTIONS),
    deadline: z.string().nullable(),
    overdue: z.boolean(),
    href: z.string(),
    step: z.number().nullable(),
    application: z.object({ id: z.number(), acronym: z.string().nullable(), title: z.string().nullable() }).nullable().openapi({
      description: "The application it is about; null for the admin area's groups of several (count) and the e-mails that failed",
    }),
    count: z.number().openapi({ description: "How many applications (or e-mails) it covers; 1 for one application" }),
  })
  .openapi("TodoItem");

export const todo = createRoute({
  method: "get",
  path: "/dashboard/todo",
  security: bearer,
  summary: "The caller's to-do list: what they do next in each of their roles, the soonest deadline first (docs/ui.md#home)",
  description:
    "Each role reads its own work only: the caller's own applications, their own evaluations, watches and views, the applications at the infrastructures they staff; editors and admins also get the admin area's work (eligibility, recommendations, grants, reports to set reported, e-mails that failed), grouped by action.",
  responses: { 200: json(z.object({ data: z.array(TodoItem) })), 401: errorResponses[401] },
});
