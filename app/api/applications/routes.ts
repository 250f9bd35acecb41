import { OpenAPIHono } from "@hono/zod-openapi";
import { getApplication, listApplications, myApplicationCalls } from "~/domain/applications/application-read.server";
import { createApplication, deleteApplication, saveStep, submitApplication } from "~/domain/applications/application-write.server";
import type { ApiEnv } from "../context";
import { requireAccess, requireUser } from "../guards.server";
import { create, my, myCalls, one, proposedCosts, remove, submit, update } from "./contract";
import { readProposedCosts } from "~/domain/applications/proposed-costs.server";
import { withOwnerNext } from "~/domain/todo/todo-read.server";

// Fixed paths (/applications/my…) before /applications/{id}; the lookup lists
// (/applications/cost-labels…) are mounted before this group.
export const applicationRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(my, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    return c.json(await withOwnerNext(db, user.id, await listApplications(db, user, c.req.valid("query"))), 200);
  })
  .openapi(myCalls, async (c) => {
    const user = requireUser(c);
    return c.json({ data: await myApplicationCalls(c.get("deps").db, user.id) }, 200);
  })
  .openapi(create, async (c) => {
    const user = requireUser(c);
    return c.json(await createApplication(c.get("deps").db, user, c.req.valid("json")), 201);
  })
  .openapi(proposedCosts, async (c) => {
    const user = requireUser(c);
    return c.json(await readProposedCosts(c.get("deps").db, c.req.valid("param").id, user), 200);
  })
  .openapi(one, async (c) => {
    const user = requireUser(c);
    return c.json(await getApplication(c.get("deps").db, c.req.valid("param").id, user), 200);
  })
  .openapi(update, async (c) => {
    const user = requireUser(c);
    return c.json(await saveStep(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(submit, async (c) => {
    const user = requireUser(c);
    return c.json(await submitApplication(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(remove, async (c) => {
    const user = requireAccess(c, { permissions: ["application-update"] });
    await deleteApplication(c.get("deps").db, c.req.valid("param").id, user);
    return c.body(null, 204);
  });
