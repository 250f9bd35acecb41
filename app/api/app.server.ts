import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "~/domain/errors";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import type { ApiDeps, ApiEnv } from "./context";
import { resolveUser } from "./resolve-user.server";
import { validationHook } from "./validation";
import { errorBody } from "./error-body.server";
import { boundary, operationsOf, type Operation } from "./boundary.server";
import { healthRoutes } from "./health/routes";
import { authRoutes } from "./auth/routes";
import { userRoutes } from "./users/routes";
import { personalDataRoutes } from "./users/personal-data-routes";
import { callRoutes } from "./calls/routes";
import { countryRoutes } from "./countries/routes";
import { settingRoutes } from "./settings/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { mediaRoutes } from "./media/routes";
import { infrastructureRoutes } from "./infrastructures/routes";
import { pageRoutes } from "./pages/routes";
import { documentRoutes } from "./documents/routes";
import { lookupRoutes } from "./lookups/routes";
import { applicationRoutes } from "./applications/routes";
import { intakeRoutes } from "./intake/routes";
import { riDecisionRoutes } from "./ri-decisions/routes";
import { acceptanceRoutes } from "./acceptance/routes";
import { reportingRoutes } from "./reporting/routes";
import { adminApplicationRoutes } from "./admin-applications/routes";
import { statsRoutes } from "./stats/routes";
import { notificationRoutes } from "./notifications/routes";
import { mailRoutes } from "./mail/routes";
import { invitationRoutes } from "./invitations/routes";
import { reviewRoutes } from "./reviews/routes";
import { grantLetterRoutes } from "./grant-letter/routes";
import { applicationPdfRoutes } from "./application-pdf/routes";
import { dossierRoutes } from "./dossiers/routes";
import { recommendationRoutes } from "./recommendation/routes";
import { assistantRoutes } from "./assistant/routes";
import { calendarRoutes } from "./calendar/routes";
import { auditRoutes } from "./audit/routes";
import { keepJsonAnswers } from "./in-process.server";

export type ApiApp = ReturnType<typeof createApiApp>;

/** The portal's REST API (docs/api.md). Every UI loader and action goes through it. */
export function createApiApp(deps: ApiDeps) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).basePath("/api");

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    keepJsonAnswers(c);
    await next();
  });
  // Authentication, then content type and size, then the JSON (boundary.server.ts).
  let operations: Operation[] | undefined;
  app.use(
    "*",
    boundary(
      () => (operations ??= operationsOf(app)),
      (c, token) => {
        // The calls of one page request share the user resolved from its token
        // (the root and the route each call the API). Only reads fill the memo,
        // and the caller forgets it after a write that may change a user
        // (client.server), so a write uses a user resolved earlier in the same
        // request and before any such write, or resolves one afresh.
        const memo = c.env?.userMemo;
        let user = memo?.get(token);
        if (!user) {
          user = resolveUser(deps, token);
          if (c.req.method === "GET") memo?.set(token, user);
        }
        return user;
      },
    ),
  );

  app.route("/", healthRoutes);
  app.route("/", authRoutes);
  app.route("/", personalDataRoutes);
  app.route("/", userRoutes);
  // Before any applications routes: /applications/cost-labels, /applications/report etc. must not be taken by /applications/{id}.
  app.route("/", lookupRoutes);
  app.route("/", auditRoutes);
  app.route("/", statsRoutes);
  app.route("/", reviewRoutes);
  app.route("/", intakeRoutes);
  app.route("/", recommendationRoutes);
  app.route("/", grantLetterRoutes);
  app.route("/", applicationPdfRoutes);
  // Before the applications routes: /applications/dossiers is not an application's id.
  app.route("/", dossierRoutes);
  app.route("/", riDecisionRoutes);
  app.route("/", acceptanceRoutes);
  app.route("/", reportingRoutes);
  app.route("/", applicationRoutes);
  app.route("/", adminApplicationRoutes);
  app.route("/", callRoutes);
  app.route("/", countryRoutes);
  app.route("/", settingRoutes);
  app.route("/", dashboardRoutes);
  app.route("/", mediaRoutes);
  app.route("/", infrastructureRoutes);
  app.route("/", pageRoutes);
  app.route("/", documentRoutes);
  app.route("/", notificationRoutes);
  app.route("/", mailRoutes);
  app.route("/", invitationRoutes);
  app.route("/", assistantRoutes);
  app.route("/", calendarRoutes);

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Transnational Access Portal API", version: "1" },
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", bearerFormat: "JWT" });

  app.notFound((c) => c.json(errorBody("errors.not-found"), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.message, err.errors), err.status as ContentfulStatusCode);
    }
    if (err instanceof HTTPException) {
      return c.json(errorBody(err.status === 400 ? "errors.bad-request" : err.message), err.status as ContentfulStatusCode);
    }
    if (isDatabaseUnavailable(err)) {
      console.error(JSON.stringify({ level: "error", msg: "database unavailable", path: c.req.path }));
      return c.json(errorBody("errors.serv-unavai-desc"), 503);
    }
    console.error(JSON.stringify({ level: "error", msg: "api error", path: c.req.path, err: String(err?.stack ?? err) }));
    return c.json(errorBody("errors.server"), 500);
  });
  return app;
}

