import { OpenAPIHono } from "@hono/zod-openapi";
import { ownerTransitionOf } from "~/domain/acceptance/acceptance.server";
import { readAgreements, saveCountersignedAgreement, saveSignedAgreement } from "~/domain/acceptance/agreements.server";
import { readTimeline } from "~/domain/acceptance/timeline-read.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { accept, agreements, countersignedAgreement, signedAgreement, startReporting, timeline, withdraw } from "./contract";

export const acceptanceRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

acceptanceRoutes
  .openapi(accept, async (c) => {
    const user = requireUser(c);
    return c.json(await ownerTransitionOf(c.get("deps").db, c.req.valid("param").id, user, "accept", c.req.valid("json")), 200);
  })
  .openapi(withdraw, async (c) => {
    const user = requireUser(c);
    return c.json(await ownerTransitionOf(c.get("deps").db, c.req.valid("param").id, user, "withdraw", c.req.valid("json")), 200);
  })
  .openapi(startReporting, async (c) => {
    const user = requireUser(c);
    return c.json(await ownerTransitionOf(c.get("deps").db, c.req.valid("param").id, user, "start-reporting", c.req.valid("json")), 200);
  })
  .openapi(agreements, async (c) => c.json(await readAgreements(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(signedAgreement, async (c) => {
    const user = requireUser(c);
    return c.json(await saveSignedAgreement(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(countersignedAgreement, async (c) => {
    const user = requireUser(c);
    return c.json(await saveCountersignedAgreement(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(timeline, async (c) => c.json(await readTimeline(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200));
