/**
 * What the loaders and actions of one incoming request share: its session, read
 * from the database once (session.server), and the API users its reads resolved
 * (client.server).
 *
 * Remix hands each loader its own copy of the Request (it strips `?index` and
 * `?_data` into a new one), so a WeakMap keyed by the Request object shared
 * nothing between the root loader and the route's: a signed-in page read its
 * session and its user twice. The portal's server (server/http.ts) stamps every
 * incoming request with its request id in REQUEST_SCOPE_HEADER, overwriting
 * whatever the client sent, which the copies keep; the scope lives from the
 * request's arrival to its response's close. A Request without a live scope (a
 * loader called by a test, another server, work still running after the client
 * left) gets a scope of its own object, as before: nothing is made here that
 * the server would not remove.
 */
export const REQUEST_SCOPE_HEADER = "x-portal-request-scope";

export type RequestScope = Map<symbol, unknown>;

// On globalThis: the server and the Remix build each bundle a copy of this
// module, and both must reach the same scopes.
const KEY = Symbol.for("ta-portal.request-scopes");
const scopes: Map<string, RequestScope> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map()) as Map<string, RequestScope>;
const unstamped = new WeakMap<Request, RequestScope>();

export function requestScope(request: Request): RequestScope {
  const id = request.headers.get(REQUEST_SCOPE_HEADER);
  let scope = id ? scopes.get(id) : undefined;
  if (scope) return scope;
  scope = unstamped.get(request);
  if (!scope) unstamped.set(request, (scope = new Map()));
  return scope;
}

/** Keys of values that describe the caller (their user, grants, name): a write may change them. */
const callerKeys = new Set<symbol>();

/**
 * One value per request under `key`, made by `make` on first use: the one
 * per-request memo of the portal. `aboutCaller` values are forgotten by
 * `callerMayHaveChanged` (after a write), so the loaders that render the page
 * after an action see what it changed.
 */
export function scoped<T>(request: Request, key: symbol, make: () => T, { aboutCaller = false } = {}): T {
  if (aboutCaller) callerKeys.add(key);
  const scope = requestScope(request);
  if (!scope.has(key)) scope.set(key, make());
  return scope.get(key) as T;
}

/** A write may have changed the caller: the values kept about them in this request are made again on next use. */
export function callerMayHaveChanged(request: Request): void {
  const scope = requestScope(request);
  for (const key of callerKeys) scope.delete(key);
}

/** Called by the server as a request arrives. */
export function beginRequestScope(id: string): void {
  scopes.set(id, new Map());
}

/** Called by the server once the response has closed: the request's scope is forgotten. */
export function endRequestScope(id: string): void {
  scopes.delete(id);
}

/** What the request log says of a request besides its URL (server/http.ts): who asked, and the API operation's path pattern. */
export interface RequestAbout {
  user?: number;
  apiRoute?: string;
}

const ABOUT = Symbol.for("ta-portal.request-about");

/** Notes who made `request` and which API operation answers it; the first operation noted stays (a page's own API calls come later). */
export function noteAboutRequest(request: Request, about: RequestAbout): void {
  const scope = requestScope(request);
  const known = (scope.get(ABOUT) as RequestAbout | undefined) ?? {};
  scope.set(ABOUT, { user: about.user ?? known.user, apiRoute: known.apiRoute ?? about.apiRoute });
}

/** What was noted about the request `id` while it ran (server/http.ts reads it for its log line). */
export function aboutRequest(id: string): RequestAbout {
  return (scopes.get(id)?.get(ABOUT) as RequestAbout | undefined) ?? {};
}

/** How many requests have a scope now (tests: none is left behind). */
export function openRequestScopes(): number {
  return scopes.size;
}
