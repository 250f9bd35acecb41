// The API's front door (docs/security.md#api-boundary). In this order, before a
// route's validator or handler sees anything: the URL (no NUL), who is calling
// (a protected operation without a valid token is a 401 whatever else is
// wrong), then the body's content type (415) and size (413), then the JSON
// itself (400 malformed; 422 too deep, prototype keys, NUL characters), and
// a write's audit context (ADR 051). Which
// operations are protected and which bodies they take comes from the OpenAPI
// registry, so a new route is covered the day it is written.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { AppError } from "~/domain/errors";
import { PROTOTYPE_KEYS, readCapped } from "~/http/body.server";
import type { ApiEnv } from "./context";
import { noteAboutRequest } from "~/http/request-scope.server";
import { auditing } from "~/db/audit-context.server";
import { auditScope } from "./audit-scope.server";
import { recordWrite } from "~/domain/audit/trail.server";

/** The largest JSON body, in bytes; uploads have their own limit (MEDIA_MAX_SIZE_MB). */
export const JSON_BODY_MAX = 1_000_000;
/** Nesting of arrays and objects in a JSON body; the portal's bodies use 3. */
export const JSON_DEPTH_MAX = 32;

export interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  /** Path parameters: the fewer, the more specific (`/calls/opened` before `/calls/{id}`). */
  params: number;
  protected: boolean;
  /** Media types the request body may have; empty when it declares none. */
  bodyTypes: string[];
}

interface RouteDefinition {
  type: string;
  route?: {
    method: string;
    path: string;
    security?: unknown[];
    request?: { body?: { content?: Record<string, unknown> } };
  };
}

/** The operations of an app, from its OpenAPI registry (paths without the /api base). */
export function operationsOf(app: OpenAPIHono<ApiEnv>): Operation[] {
  return (app.openAPIRegistry.definitions as RouteDefinition[]).flatMap((d) => {
    if (d.type !== "route" || !d.route) return [];
    const { method, path, security, request } = d.route;
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
    return [
      {
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}/?$`),
        params: (path.match(/\{/g) ?? []).length,
        // An empty requirement (`{}`) beside bearer means the token is optional.
        protected: (security?.length ?? 0) > 0 && !security!.some((r) => Object.keys(r as object).length === 0),
        bodyTypes: Object.keys(request?.body?.content ?? {}),
      },
    ];
  });
}

/** The operation a request reaches, the most specific when several patterns match. */
export function findOperation(operations: Operation[], method: string, path: string): Operation | undefined {
  let best: Operation | undefined;
  for (const op of operations) {
    if (op.method === method && op.pattern.test(path) && (!best || op.params < best.params)) best = op;
  }
  return best;
}

const mediaType = (header: string | undefined) => (header ?? "").split(";")[0].trim().toLowerCase();

/** A body is sent when it has a length or is chunked. */
function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  return length !== null ? length !== "0" : req.headers.has("transfer-encoding") || req.body !== null;
}

/** The body as text, refused with 413 past `max` bytes without reading the rest. */
export async function readLimited(req: Request, max: number): Promise<string> {
  const body = await readCapped(req, max);
  if (body === "too-large") throw new AppError(413, "errors.payload-too-large");
  if (body === "broken") throw new AppError(400, "errors.bad-request");
  return body.toString("utf8");
}

/**
 * The first thing wrong with a parsed JSON value, as a field path and message:
 * nesting past JSON_DEPTH_MAX, a prototype key, a NUL character in a string.
 * Depth-first with an explicit stack: a hostile value cannot overflow ours.
 */
export function jsonProblem(value: unknown): { field: string; message: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    const field = path.join(".") || "_";
    if (typeof v === "string") {
      if (v.includes("\0")) return { field, message: "validation.invalid" };
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (path.length >= JSON_DEPTH_MAX) return { field, message: "validation.too-deep" };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, String(i)] }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (PROTOTYPE_KEYS.has(key) || key.includes("\0")) return { field: [...path, key].join("."), message: "validation.unknown-field" };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** `%00` anywhere in the path or query (a NUL once decoded): never a name, id or search. */
const NUL_IN_URL = /%00|\0/i;

/**
 * The boundary middleware. `resolveUser` verifies a token (401 when invalid);
 * `operations` is read lazily so that routes registered after it count.
 */
export function boundary(
  operations: () => Operation[],
  resolveUser: (c: Parameters<MiddlewareHandler<ApiEnv>>[0], token: string) => Promise<NonNullable<ApiEnv["Variables"]["user"]>>,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (NUL_IN_URL.test(url.pathname) || NUL_IN_URL.test(url.search)) throw new AppError(400, "errors.bad-request");

    c.set("user", null);
    const header = c.req.header("authorization");
    const path = c.req.path.replace(/^\/api(?=\/|$)/, "") || "/";
    const op = findOperation(operations(), c.req.method, path);
    // A plain download link carries its token in the query (see media.ts).
    const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : op?.path === "/media/download/{id}" ? url.searchParams.get("token") : null;
    if (header && !token) throw new AppError(401, "errors.not-authenticated");
    if (token) c.set("user", await resolveUser(c, token));
    noteAboutRequest(c.req.raw, { user: c.get("user")?.id, apiRoute: op?.path });
    if (op?.protected && !c.get("user")) throw new AppError(401, "errors.not-authenticated");

    // An operation that declares a body gets one of its types (no body is no
    // type: never an empty update); others may send JSON (`{}` for a restore).
    // A DELETE's body is never read.
    const declared = op?.bodyTypes.length ? op.bodyTypes : null;
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "DELETE" && (declared || hasBody(c.req.raw))) {
      const type = mediaType(c.req.header("content-type"));
      if (!(declared ?? ["application/json"]).includes(type)) throw new AppError(415, "errors.unsupported-media-type");
      if (type === "application/json") {
        const text = await readLimited(c.req.raw, JSON_BODY_MAX);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new AppError(400, "errors.bad-request");
        }
        const problem = jsonProblem(parsed);
        if (problem) throw new AppError(422, "validation.failed", { [problem.field]: [problem.message] });
        // The route's validator reads the body through c.req.json(), which parses this text.
        (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
      }
    }
    // A signed-in caller's write is recorded, in its own transaction, as one audit entry (ADR 051).
    const audit = auditScope(c.req.method, op?.path, path, c.get("user"));
    if (!audit) return next();
    await auditing(audit, next);
    if (c.res.status >= 200 && c.res.status < 300) await recordWrite(c.get("deps").db, audit);
  };
}
