// Remix's <RemixServer> rebuilds the whole route tree for every page it renders:
// @remix-run/react's createServerRoutes makes an object per route of the build
// (with its components and handle), then react-router-dom's createStaticRouter
// converts that tree into data routes, another object per route, and indexes
// them by id. With the portal's ~80 routes that was about 8 % of a profile of
// /call (docs/budgets.md#per-request-work), for a tree that never changes while a web process serves
// one build. Both are called through their modules' exports, so they are wrapped
// there: the tree is built once per manifest and set of route modules and the data
// routes once per tree, and every render gets the same objects (neither Remix
// nor React Router changes them while rendering on the server).
import { createRequire } from "node:module";

type Routes = object[];
type CreateServerRoutes = (manifest: object, routeModules: object, future: unknown, isSpaMode?: boolean, ...rest: unknown[]) => Routes;
type ConvertRoutes = (routes: Routes, mapRouteProperties: unknown, parentPath?: unknown, manifest?: Record<string, unknown>) => Routes;

export interface RemixRoutesModule {
  createServerRoutes: CreateServerRoutes;
}
export interface RouterModule {
  UNSAFE_convertRoutesToDataRoutes: ConvertRoutes;
}

const MEMOIZED = Symbol.for("ta-portal.memoized-render-routes");
const marked = (fn: unknown) => Boolean((fn as { [MEMOIZED]?: boolean })[MEMOIZED]);
const mark = <F>(fn: F): F => Object.assign(fn as object, { [MEMOIZED]: true }) as F;

/**
 * createServerRoutes remembered per manifest (and flags), for the top-level call
 * only, while the route modules are the same modules: Remix passes a new object
 * listing them on every request, so they are compared one by one. Idempotent.
 */
export function memoizeServerRoutes(remix: RemixRoutesModule): void {
  const original = remix.createServerRoutes;
  if (marked(original)) return;
  const built = new WeakMap<object, Map<string, { modules: [string, unknown][]; routes: Routes }>>();
  remix.createServerRoutes = mark<CreateServerRoutes>((manifest, routeModules, future, isSpaMode, ...rest) => {
    // A nested call (a parent id given) is the original's own recursion.
    if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    let byFlags = built.get(manifest);
    if (!byFlags) built.set(manifest, (byFlags = new Map()));
    const flags = `${JSON.stringify(future)}|${Boolean(isSpaMode)}`;
    const hit = byFlags.get(flags);
    const given = routeModules as Record<string, unknown>;
    if (hit && hit.modules.length === Object.keys(given).length && hit.modules.every(([id, module]) => given[id] === module)) return hit.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    byFlags.set(flags, { modules: Object.entries(given), routes });
    return routes;
  });
}

/** convertRoutesToDataRoutes remembered per tree (top-level calls with a manifest to fill); the manifest is filled as the original would. Idempotent. */
export function memoizeDataRoutes(router: RouterModule): void {
  const original = router.UNSAFE_convertRoutesToDataRoutes;
  if (marked(original)) return;
  const converted = new WeakMap<Routes, { mapRouteProperties: unknown; dataRoutes: Routes; manifest: Record<string, unknown> }>();
  router.UNSAFE_convertRoutesToDataRoutes = mark<ConvertRoutes>((routes, mapRouteProperties, parentPath, manifest) => {
    if ((parentPath !== undefined && (parentPath as unknown[]).length > 0) || !manifest) return original(routes, mapRouteProperties, parentPath, manifest);
    const hit = converted.get(routes);
    if (hit && hit.mapRouteProperties === mapRouteProperties) {
      Object.assign(manifest, hit.manifest);
      return hit.dataRoutes;
    }
    const own: Record<string, unknown> = {};
    const dataRoutes = original(routes, mapRouteProperties, parentPath, own);
    converted.set(routes, { mapRouteProperties, dataRoutes, manifest: own });
    Object.assign(manifest, own);
    return dataRoutes;
  });
}

/** Both, on the process's own @remix-run/react and @remix-run/router (the ones the build imports). */
export function memoizeRenderRoutes(require: NodeJS.Require = createRequire(import.meta.url)): void {
  memoizeServerRoutes(require("@remix-run/react/dist/routes.js") as RemixRoutesModule);
  memoizeDataRoutes(require("@remix-run/router") as RouterModule);
}
