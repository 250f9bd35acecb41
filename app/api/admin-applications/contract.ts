// GET /api/applications: for the admin area, every application
// with the list filters (docs/data.md#list-filters), sorting and paging, or a download of every
// match (export=csv|xlsx); for anyone else with the applicant's permission,
// their own applications (as My applications lists them). `scope` tells which.
import { createRoute, z } from "@hono/zod-openapi";
import { adminListQuery } from "~/domain/admin-applications/query.server";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { ApplicationRow } from "../applications/contract";
import { authErrors, bearer, errorResponses, jsonOrDownload, MetaSchema } from "../schemas";

const AdminApplicationRow = z
  .object({
    id: z.number(),
    acronym: z.string().nullable(),
    title: z.string().nullable(),
    status: z.enum(APPLICATION_STATUSES),
    discipline: z.string().nullable(),
    evaluation_complete: z.boolean(),
    call: z.object({ id: z.number(), title: z.string() }),
    applicant: z.object({ id: z.number(), display_name: z.string().nullable(), email: z.string() }).optional().openapi({ description: "With includes[]=owner (the default)" }),
    infrastructures: z.array(z.string()).openapi({ description: "Short names of the requested infrastructures, in the applicant's order (submitted applications only)" }),
    evaluations: z.object({ done: z.number(), assigned: z.number() }).openapi({ description: "Evaluators who submitted / evaluators assigned" }),
    submitted_at: z.string().nullable(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
    accesses: z
      .array(
        z.object({
          id: z.number(), type: z.string(), date_from: z.string(), date_to: z.string(), requested_units: z.number(), status: z.enum(ACCESS_STATUSES), eligible: z.boolean().nullable(),
          infrastructure_id: z.number(), infrastructure: z.string(),
        }),
      )
      .optional()
      .openapi({ description: "With includes[]=accesses: the accesses in accesses_status (proposed when absent)" }),
    history: z
      .array(z.object({ from_status: z.enum(APPLICATION_STATUSES).nullable(), to_status: z.enum(APPLICATION_STATUSES), created_at: z.string() }))
      .optional()
      .openapi({ description: "With includes[]=history: the status changes, oldest first" }),
  })
  .openapi("AdminApplicationRow");

const ListAnswer = z
  .discriminatedUnion("scope", [
    z.object({ scope: z.literal("all"), data: z.array(AdminApplicationRow), meta: MetaSchema }),
    z.object({ scope: z.literal("own"), data: z.array(ApplicationRow), meta: MetaSchema }),
  ])
  .openapi("ApplicationList");

export const list = createRoute({
  method: "get",
  path: "/applications",
  security: bearer,
  summary: "Applications: every one for editors and admins (the filters of docs/data.md#list-filters, sort_by, 20 a page, export=csv|xlsx downloads every match); the caller's own for applicants",
  description:
    "Editors and admins get `scope: all` with every filter. Anyone else with the applicant's permission gets `scope: own`: their own applications, filtered by status[] and call_id[] only; export is 403 for them. ri_status filters by the infrastructures' decisions (pending: one still to make; submit: all made).",
  request: { query: adminListQuery },
  responses: {
    200: jsonOrDownload(ListAnswer, "A page of the list, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
