// The render's route tree built once (server/render-routes.ts): the memos answer
// what @remix-run/react and @remix-run/router answer, the same objects each
// time, and the installed packages still call them through their exports.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { memoizeDataRoutes, memoizeServerRoutes, type RemixRoutesModule, type RouterModule } from "./render-routes";

const require = createRequire(import.meta.url);
const realRemix = require("@remix-run/react/dist/routes.js") as RemixRoutesModule;
const realRouter = require("@remix-run/router") as RouterModule;

/** A build's manifest and route modules, shaped like the portal's: a root, an index, nested layouts. */
const manifest = {
  root: { id: "root", path: "", hasLoader: true, module: "/build/root.js" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true, hasLoader: true, module: "/build/i.js" },
  "routes/call": { id: "routes/call", parentId: "root", path: "call", hasLoader: true, module: "/build/c.js" },
  "routes/infrastructure": { id: "routes/infrastructure", parentId: "root", path: "infrastructure", module: "/build/n.js" },
  "routes/infrastructure.$id": { id: "routes/infrastructure.$id", parentId: "routes/infrastructure", path: ":id", hasLoader: true, module: "/build/d.js" },
};
const Component = () => null;
const routeModules = Object.fromEntries(Object.keys(manifest).map((id) => [id, { default: Component, handle: { id } }]));
const future = { v3_fetcherPersist: true };

/** A tree with each route reduced to what the render reads, to compare trees made of different objects. */
const shape = (routes: object[]): unknown =>
  (routes as { id: string; path?: string; index?: boolean; handle?: unknown; loader?: unknown; children?: object[] }[]).map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    handle: r.handle,
    loader: typeof r.loader,
    children: r.children && shape(r.children),
  }));

describe("memoizeServerRoutes", () => {
  it("builds the tree once per manifest and route modules, as the original builds it", () => {
    const remix = { createServerRoutes: realRemix.createServerRoutes };
    memoizeServerRoutes(remix);
    memoizeServerRoutes(remix);
    const first = remix.createServerRoutes(manifest, routeModules, future, false);
    expect(remix.createServerRoutes(manifest, routeModules, future, false)).toBe(first);
    // Remix lists the same modules in a new object for every request.
    expect(remix.createServerRoutes(manifest, { ...routeModules }, future, false)).toBe(first);
    expect(shape(first)).toEqual(shape(realRemix.createServerRoutes(manifest, routeModules, future, false)));
    // Another module for a route (another build) or other flags: built afresh.
    const otherModules = { ...routeModules, "routes/call": { default: Component } };
    const other = remix.createServerRoutes(manifest, otherModules, future, false);
    expect(other).not.toBe(first);
    expect((other[0] as { children: { Component?: unknown }[] }).children[1].Component).toBe(Component);
    expect(remix.createServerRoutes(manifest, routeModules, future, true)).not.toBe(first);
  });
});

describe("memoizeDataRoutes", () => {
  it("converts a tree once and fills each caller's manifest as the original does", () => {
    const router = { UNSAFE_convertRoutesToDataRoutes: realRouter.UNSAFE_convertRoutesToDataRoutes };
    memoizeDataRoutes(router);
    const tree = realRemix.createServerRoutes(manifest, routeModules, future, false);
    const mapRouteProperties = (route: { ErrorBoundary?: unknown }) => ({ hasErrorBoundary: Boolean(route.ErrorBoundary) });
    const [a, b, expected] = [{}, {}, {}] as Record<string, { id: string }>[];
    const first = router.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, a);
    expect(router.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, b)).toBe(first);
    const original = realRouter.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, expected);
    expect(shape(first)).toEqual(shape(original));
    expect(Object.keys(a).sort()).toEqual(Object.keys(expected).sort());
    expect(b).toEqual(a);
    expect(b["routes/infrastructure.$id"]).toBe((first[0] as { children: { children: object[] }[] }).children[2].children[0]);
    // Another tree (another build) is converted afresh.
    expect(router.UNSAFE_convertRoutesToDataRoutes([...tree], mapRouteProperties, undefined, {})).not.toBe(first);
  });
});

describe("the installed packages", () => {
  it("call both through their modules' exports, where the memos are installed", () => {
    const source = (id: string) => fs.readFileSync(require.resolve(id), "utf8");
    expect(source("@remix-run/react/dist/server.js")).toContain("routes.createServerRoutes(manifest.routes, routeModules");
    expect(source("react-router-dom/server.js")).toContain("router.UNSAFE_convertRoutesToDataRoutes(routes,");
    // The build (ESM) imports @remix-run/react, which Node loads from its CommonJS main.
    expect(require.resolve("@remix-run/react")).toMatch(/@remix-run\/react\/dist\/index\.js$/);
  });
});
