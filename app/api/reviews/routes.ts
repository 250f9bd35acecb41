import { OpenAPIHono } from "@hono/zod-openapi";
import { criteriaOptions } from "~/domain/reviews/criteria.server";
import { acceptEvaluation, getEvaluation, myEvaluations, saveEvaluation, sendEvaluationConflict } from "~/domain/reviews/evaluations.server";
import { applicationEvaluations, reopenWatchdogReview, saveWatchdogReview, sendWatchdogConflict, toWatch } from "~/domain/reviews/watchdog.server";
import { toView, viewerSaveConfidential } from "~/domain/reviews/viewer.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireRole, requireUser } from "../guards.server";
import {
  accept, criteriaList, evaluations, myEvaluations as myEvaluationsRoute, one, reopen, review, save, sendConflict, toView as toViewRoute,
  toWatch as toWatchRoute, viewerDeclare, watchdogConflict,
} from "./contract";

// Mounted before the applications group: /applications/my-evaluations, /to-watch
// and /to-view must not be taken by /applications/{id}. Writes need only a
// signed-in caller: each acts on the caller's own assignment (404 otherwise).
export const reviewRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(criteriaList, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await criteriaOptions(c.get("deps").db, c.req.valid("query").call_id), 200);
  })
  .openapi(myEvaluationsRoute, async (c) => c.json(await myEvaluations(c.get("deps").db, requireRole(c, "evaluator")), 200))
  .openapi(toWatchRoute, async (c) => c.json(await toWatch(c.get("deps").db, requireRole(c, "watchdog")), 200))
  .openapi(toViewRoute, async (c) => c.json(await toView(c.get("deps").db, requireRole(c, "viewer")), 200))
  .openapi(one, async (c) => c.json(await getEvaluation(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(accept, async (c) => {
    const user = requireUser(c);
    return c.json(await acceptEvaluation(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(sendConflict, async (c) => {
    const user = requireUser(c);
    return c.json(await sendEvaluationConflict(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(save, async (c) => {
    const user = requireUser(c);
    return c.json(await saveEvaluation(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(evaluations, async (c) => c.json(await applicationEvaluations(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(review, async (c) => {
    const user = requireUser(c);
    return c.json(await saveWatchdogReview(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(watchdogConflict, async (c) => {
    const user = requireUser(c);
    return c.json(await sendWatchdogConflict(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  })
  .openapi(reopen, async (c) => {
    return c.json(await reopenWatchdogReview(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(viewerDeclare, async (c) => {
    const user = requireUser(c);
    return c.json(await viewerSaveConfidential(c.get("deps").db, c.req.valid("param").id, user, c.req.valid("json")), 200);
  });
