import { OpenAPIHono } from "@hono/zod-openapi";
import { listAtMyInfrastructures } from "~/domain/ri-decisions/list.server";
import { readDecisions } from "~/domain/ri-decisions/read.server";
import { reopenDecision, saveDecision } from "~/domain/ri-decisions/decision.server";
import { changeAccessDates } from "~/domain/ri-decisions/access-dates.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { withStaffNext } from "~/domain/todo/todo-read.server";
import { accessDates, atMyInfrastructures, decide, decisions, reopen } from "./contract";

export const riDecisionRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

riDecisionRoutes
  .openapi(atMyInfrastructures, async (c) => {
    const [db, user] = [c.get("deps").db, requireUser(c)];
    return c.json(await withStaffNext(db, user, await listAtMyInfrastructures(db, user, c.req.valid("query"))), 200);
  })
  .openapi(decisions, async (c) => c.json(await readDecisions(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(decide, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await saveDecision(db, id, user, c.req.valid("json"));
    return c.json(await readDecisions(db, id, user), 200);
  })
  .openapi(reopen, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await reopenDecision(db, id, user, c.req.valid("json"));
    return c.json(await readDecisions(db, id, user), 200);
  })
  .openapi(accessDates, async (c) => c.json(await changeAccessDates(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200));
