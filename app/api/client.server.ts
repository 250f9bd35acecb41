import type { RouteConfig } from "@hono/zod-openapi";
import { getConfig } from "~/config.server";
import { endSession, getAccessToken } from "~/auth/tokens.server";
import { callerMayHaveChanged, scoped } from "~/http/request-scope.server";
import { redirectWithAlert, serverErrorAlert } from "~/alerts.server";
import type { UserMemo } from "./context";
import { callerKeptBy, requestOf, type RequestInput, type Success } from "./contract";
import { apiApp } from "./wiring.server";
import { answerFrom, answerJson, answerText, withBody, type AnswerTexts } from "./in-process.server";

export interface ApiFailure {
  ok: false;
  status: number;
  message: string;
  errors: Record<string, string[]>;
}
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

// Per incoming request, the API users its reads resolved: the root loader and
// the route's loaders then verify the token and load the user's grants once
// instead of on every call. Forgotten after any write but those marked as
// keeping the caller (keepsCaller in ../contract).
const USER_MEMO = Symbol("userMemo");
const userMemo = (request: Request): UserMemo => scoped(request, USER_MEMO, (): UserMemo => new Map(), { aboutCaller: true });

async function dispatch(req: Request, memo: UserMemo): Promise<Response> {
  const base = getConfig().API_URL;
  if (!base) {
    const answers: AnswerTexts = new Map();
    return answerFrom(await apiApp().fetch(req, { userMemo: memo, answers }), answers);
  }
  const url = new URL(req.url);
  try {
    return await fetch(new Request(`${base.replace(/\/$/, "")}${url.pathname}${url.search}`, req));
  } catch {
    throw new Response("Service unavailable", { status: 503 });
  }
}

// An operation with nothing required (no path parameter, no body) is called without input.
type OptionalIfEmpty<I> = I extends { param: unknown } | { json: unknown } ? [I] : [I?];

/**
 * The one way loaders and actions reach the API (docs/architecture.md#api-client): in-process by
 * default, over HTTP when API_URL is set, always with the user's Bearer token.
 * Reads throw the HTTP error as a Response for the route's error boundary;
 * writes return 409/422 failures to the form that sent them.
 */
export function api(request: Request) {
  async function send(method: string, path: string, body?: unknown, raw?: { body: ReadableStream<Uint8Array>; type: string }, keepsCaller = method === "GET"): Promise<Response> {
    const token = await getAccessToken(request);
    const headers = new Headers({ Accept: "application/json", "Accept-Language": request.headers.get("Accept-Language") ?? "en" });
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    if (raw) headers.set("Content-Type", raw.type);
    const init: RequestInit & { duplex?: "half" } = raw
      ? { method, headers, body: raw.body, duplex: "half" }
      : { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const res = await dispatch(new Request(`http://portal.internal/api${path}`, init), userMemo(request));
    // A write may change the user or their grants (roles, staff of an infrastructure), and the current user the pages show.
    if (!keepsCaller) callerMayHaveChanged(request);
    // docs/api.md#client-behaviour: a 401 on a signed-in call ends the session.
    if (res.status === 401 && token) throw await endSession(request, "/");
    return res;
  }

  async function fail(res: Response): Promise<never> {
    if (res.status === 401) throw new Response("Unauthorized", { status: 401 });
    if (res.status >= 500) {
      console.error(JSON.stringify({ level: "error", msg: "api call failed", status: res.status }));
      throw new Response("Server error", { status: res.status === 503 ? 503 : 500 });
    }
    throw new Response(await serverMessage(res), { status: res.status });
  }

  return {
    /** A GET operation of the contract, typed by it; a failure is thrown as a Response (401, 404, 5xx) for the route's error boundary. */
    async read<R extends RouteConfig>(route: R, ...[input]: OptionalIfEmpty<RequestInput<R>>): Promise<Success<R>> {
      const { method, path } = requestOf(route, (input ?? {}) as RequestInput<R>);
      const res = await send(method, path);
      if (!res.ok) return fail(res);
      return (await answerJson(res)) as Success<R>;
    },
    /** Any operation of the contract (a write), typed by it, 409, 422 and the API's own 502 come back as a failure for the form; 5xx goes back to the page with the Server error alert. */
    async call<R extends RouteConfig>(route: R, ...[input]: OptionalIfEmpty<RequestInput<R>>): Promise<ApiResult<Success<R>>> {
      const { method, path, body } = requestOf(route, (input ?? {}) as RequestInput<R>);
      return this.handle<Success<R>>(await send(method, path, body, undefined, callerKeptBy(route)), path);
    },
    /**
     * GETs a file (e.g. /media/download/1) and hands back the API's streamed
     * Response untouched, for a resource route to pass on; errors are thrown
     * as read() throws them.
     */
    async download<R extends RouteConfig>(route: R, input: RequestInput<R>): Promise<Response> {
      const res = await send("GET", requestOf(route, input).path);
      if (!res.ok) return fail(res);
      return withBody(res);
    },
    /** POSTs a multipart body as a stream (file uploads) to an operation of the contract, with call()'s error handling. */
    async stream<R extends RouteConfig>(route: R, body: ReadableStream<Uint8Array>, type: string): Promise<ApiResult<Success<R>>> {
      return this.handle<Success<R>>(await send("POST", route.path, undefined, { body, type }), route.path);
    },
    async handle<T>(res: Response, path: string): Promise<ApiResult<T>> {
      if (res.ok) return { ok: true, data: (res.status === 204 ? null : await answerJson(res)) as T };
      // A 502 from the API itself (JSON): a service it relies on failed and nothing was changed (the assistant, docs/api.md#errors).
      const upstream = res.status === 502 && (res.headers.get("Content-Type") ?? "").startsWith("application/json");
      if (res.status === 409 || res.status === 422 || upstream) {
        // The key (code) is what the screens translate; message is its English text.
        const err = (await answerJson(res)) as { message: string; code?: string; errors?: Record<string, string[]> };
        return { ok: false, status: res.status, message: err.code ?? err.message, errors: err.errors ?? {} };
      }
      // A failed save goes back to its page with the 'Server error' toast.
      if (res.status >= 500) {
        console.error(JSON.stringify({ level: "error", msg: "api write failed", status: res.status, path }));
        const url = new URL(request.url);
        throw await redirectWithAlert(request, url.pathname + url.search, serverErrorAlert());
      }
      return fail(res);
    },
  };
}

/** The longest server message an error carries on to the screen. */
const MESSAGE_MAX = 500;

/**
 * The message a failed answer carries to the error screen (docs/api.md#errors):
 * its code (a translation key) or message field, or else its body as text,
 * one line, bounded; the status text when the body says nothing.
 */
export async function serverMessage(res: Response): Promise<string> {
  const text = (await answerText(res).catch(() => "")).slice(0, 10_000);
  let message = text;
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    const field = typeof body.code === "string" ? body.code : typeof body.message === "string" ? body.message : undefined;
    if (field !== undefined) message = field;
  } catch {
    // Not JSON: the text itself.
  }
  const line = message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, MESSAGE_MAX);
  return line || res.statusText || String(res.status);
}
