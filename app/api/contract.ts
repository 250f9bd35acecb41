// The typed contract between the API and its callers. Each resource's
// contract module (app/api/<resource>/contract.ts) declares its operations
// with createRoute; the handlers are typed from them, the OpenAPI document is
// generated from them, and the callers (loaders, actions, API tests) call
// them through `requestOf` with types read off the same objects: no path
// strings, no `get<T>` casts, no hand-written row types.
import { z, type RouteConfig } from "@hono/zod-openapi";
import * as zm from "zod/mini";
import { blanksToAbsent, fieldsOf } from "~/domain/write.server";
import { PIPELINE_ISSUE } from "./validation";
import type { IdParam } from "./schemas";

type JsonSchemaOf<Res> = Res extends { content: { "application/json": { schema: infer S } } } ? S : never;
type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What a successful call answers: the 200 (or 201) JSON body, null for a 204. */
export type Success<R extends RouteConfig> = 200 extends keyof R["responses"]
  ? Output<JsonSchemaOf<R["responses"][200]>>
  : 201 extends keyof R["responses"]
    ? Output<JsonSchemaOf<R["responses"][201]>>
    : null;

type ParamIn<R> = R extends { request: { params: infer P extends z.ZodType } } ? { param: z.input<P> } : { param?: never };
type QueryIn<R> = R extends { request: { query: infer Q extends z.ZodType } } ? { query?: Partial<Record<keyof z.input<Q>, QueryValue>> } : { query?: never };
type BodyIn<R> = R extends { request: { body: { __input?: infer I } } }
  ? { json: I }
  : R extends { request: { body: { content: { "application/json": { schema: infer S extends z.ZodType } } } } }
    ? { json: z.input<S> }
    : { json?: never };

export type QueryValue = string | number | boolean | string[] | undefined;
/** The parts of a request an operation takes, typed from its contract. */
export type RequestInput<R extends RouteConfig> = ParamIn<R> & QueryIn<R> & BodyIn<R>;
/** The JSON body an operation takes (never when it takes none). */
export type JsonInput<R extends RouteConfig> = BodyIn<R> extends { json: infer J } ? J : never;

// Shapes of operations, for helpers that serve several resources alike (the
// admin forms and lists, app/forms): a helper typed with one of them calls the
// client with the input the shape declares, without knowing the resource. A
// generic route parameter would not do: RequestInput is only worked out for a
// route whose type is known, not for a type parameter.

/** A JSON body the contract reads with a domain schema (parsedBody, domainBody), whichever. */
type SomeJsonBody = { content: { "application/json": unknown }; __input?: unknown };
/** An operation on the row its path names by id (`{id}`), taking nothing else: a read by id, a trash, a restore. */
export type ByIdRoute = RouteConfig & { request: { params: typeof IdParam; query?: never; body?: never } };
/** An operation that creates a row from a JSON body, with no path parameter: a resource's POST. */
export type CreateRoute = RouteConfig & { request: { params?: never; query?: never; body: SomeJsonBody } };
/** An operation that replaces the row its path names by id with a JSON body: a resource's PUT. */
export type UpdateRoute = RouteConfig & { request: { params: typeof IdParam; query?: never; body: SomeJsonBody } };

// Writes that change no user, role or grant (client.server): after one, the
// request's loaders still use the caller the API resolved for its reads.
const KEEPS_CALLER = new WeakSet<RouteConfig>();

/** Marks a write that changes no user, role or grant (a draft's step, say); returns the route. */
export function keepsCaller<R extends RouteConfig>(route: R): R {
  KEEPS_CALLER.add(route);
  return route;
}

/** Whether a request's caller, resolved before `route` ran, is still who they were after it. */
export const callerKeptBy = (route: RouteConfig): boolean => route.method === "get" || KEEPS_CALLER.has(route);

/** The method, path (with its parameters and query) and JSON body of a call. */
export function requestOf<R extends RouteConfig>(route: R, input: RequestInput<R>): { method: string; path: string; body?: unknown } {
  const { param, query, json } = input as { param?: Record<string, unknown>; query?: Record<string, QueryValue>; json?: unknown };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(param?.[name] ?? "")));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === "") continue;
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, x));
    else qs.set(k, String(v));
  }
  return { method: route.method.toUpperCase(), path: qs.size ? `${path}?${qs}` : path, body: json };
}

/**
 * A JSON body that the domain parses itself (parseInput of
 * app/domain/write.server.ts), for the one operation whose schema depends on
 * who sends it (an infrastructure's update, docs/decisions/015-one-write-pipeline.md);
 * every other takes a parsedBody. The OpenAPI document shows the schema;
 * callers are typed by its input, where an optional field may be null: the
 * domain reads null as blank, and a field named blank as one to clear, where
 * an absent one may be kept (an infrastructure's manager). `defaulted` names
 * fields the domain defaults when absent.
 */
export function domainBody<S extends zm.ZodMiniType>(schema: S, description?: string, defaulted: readonly string[] = []) {
  // Fields the write pipeline fills in when absent (its `defaults`) are not required of clients.
  return {
    body: {
      required: true,
      description,
      content: { "application/json": { schema: inputJsonSchema(schema, defaulted) } },
    } as { required: true; description?: string; content: { "application/json": { schema: Record<string, unknown> } }; __input?: NullableOptional<zm.input<S>> },
  };
}

/** An input whose optional fields may also be sent as null. */
type NullableOptional<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

/** The JSON Schema of a zod/mini schema's input, less the fields a default fills in. */
function inputJsonSchema(schema: zm.ZodMiniType, defaulted: readonly string[]): Record<string, unknown> {
  const { $schema: _, ...jsonSchema } = zm.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  if (Array.isArray(jsonSchema.required)) jsonSchema.required = jsonSchema.required.filter((f) => !defaulted.includes(f));
  return jsonSchema;
}

export interface ParsedBodyOptions {
  /** Values the body may leave out (e.g. `periods: []`), under the body's own. */
  defaults?: Record<string, unknown>;
  /** Errors keyed by top-level field, for forms that show one message per field. */
  byField?: boolean;
  /** Fields the schema itself defaults when absent: not required of clients. */
  optional?: readonly string[];
}

/**
 * A JSON body that the route's validator parses with the domain's own schema,
 * before the handler runs, so the handler hands the domain typed input
 * (`c.req.valid("json")`). It reads the body as the write pipeline does
 * (docs/decisions/015-one-write-pipeline.md): blank or null is absent at any
 * depth, `defaults` under the body's fields, then the schema; its issues keep the
 * schema's message keys, and the API's validation hook answers them as the one
 * 422 of docs/api.md#errors. Checks that need the database stay in the domain.
 * A route that takes one must check the caller in its `middleware` (guards'
 * `allow`, `allowAccess`, or `allowRow` for the right to the row its path
 * names), which runs before the validator: a caller without the right gets
 * 401, 403 or 404, never a 422 naming the fields.
 */
export function parsedBody<S extends zm.ZodMiniType>(schema: S, description?: string, options: ParsedBodyOptions = {}) {
  return bodyOf(schema, description, options, (parsed) => parsed);
}

/** A value a body names as blank or null: cleared, where an absent one is left as it is. */
export type Clearable<T> = { [K in keyof T]?: T[K] | null };

/**
 * A parsedBody whose top-level fields named blank or null come out as null
 * instead of absent: a save that changes only the fields it names (the
 * profile) tells a cleared field from one left out.
 */
export function clearableBody<S extends zm.ZodMiniType>(schema: S, description?: string) {
  return bodyOf(schema, description, {}, (parsed, body): Clearable<zm.output<S>> => {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return parsed;
    const cleared = Object.keys(body).filter((k) => !Object.hasOwn(parsed as object, k) && blanksToAbsent((body as Record<string, unknown>)[k]) === undefined);
    return { ...(parsed as object), ...Object.fromEntries(cleared.map((k) => [k, null])) } as Clearable<zm.output<S>>;
  });
}

function bodyOf<S extends zm.ZodMiniType, O>(schema: S, description: string | undefined, options: ParsedBodyOptions, finish: (parsed: zm.output<S>, body: unknown) => O) {
  const parser = z
    .unknown()
    .transform((body, ctx): O => {
      const parsed = schema.safeParse({ ...options.defaults, ...fieldsOf(body) });
      if (parsed.success) return finish(parsed.data, body);
      for (const issue of parsed.error.issues) {
        const path = options.byField ? issue.path.slice(0, 1) : issue.path;
        ctx.addIssue({ code: "custom", message: issue.message, path: path as (string | number)[], params: PIPELINE_ISSUE });
      }
      return z.NEVER;
    })
    .openapi(inputJsonSchema(schema, [...Object.keys(options.defaults ?? {}), ...(options.optional ?? [])]) as never);
  return {
    body: {
      required: true,
      description,
      content: { "application/json": { schema: parser } },
    } as { required: true; description?: string; content: { "application/json": { schema: typeof parser } }; __input?: zm.input<S> },
  };
}
