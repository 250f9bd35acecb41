// The memo of @remix-run/router's matchRoutes (server/route-matching.ts) answers
// what the router answers, with the given tree's own route objects, on a tree
// shaped like the portal's (a root, index, params, splat, nested layouts).
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { memoizeRouteMatching, routeDataMatchesThroughExports, withDataMatchesThroughExports, type RouterModule } from "./route-matching";

const real = createRequire(import.meta.url)("@remix-run/router") as RouterModule;

interface R {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: R[];
}

/** A fresh tree (new objects every call, as Remix makes for each render). */
const tree = (): R[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/call", path: "call" },
      { id: "routes/page.$idOrSlug", path: "page/:idOrSlug" },
      { id: "routes/admin.call._index", path: "admin/call", index: true },
      { id: "routes/admin.call.$id.update", path: "admin/call/:id/update" },
      { id: "routes/locales.$lng.$ns", path: "locales/:lng/:ns" },
      { id: "routes/Case", path: "Exact", caseSensitive: true },
      {
        id: "routes/infrastructure",
        path: "infrastructure",
        children: [
          { id: "routes/infrastructure._index", index: true },
          { id: "routes/infrastructure.$id.update", path: ":id/update" },
        ],
      },
      { id: "routes/$", path: "*" },
    ],
  },
];

const PATHS = [
  "/", "/call", "/call/", "/page/privacy-policy", "/page/%C3%A9t%C3%A9", "/admin/call", "/admin/call/12/update",
  "/locales/fr/common.json", "/Exact", "/exact", "/infrastructure", "/infrastructure/3/update", "/nowhere/at/all",
];

/** The answer with each route named by its id, to compare answers made of different trees. */
const named = (matches: ReturnType<RouterModule["matchRoutes"]>) =>
  matches?.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: (m.route as R).id }));

function memoized(): RouterModule {
  const router = { matchRoutes: real.matchRoutes, parsePath: real.parsePath };
  memoizeRouteMatching(router);
  return router;
}

describe("memoizeRouteMatching", () => {
  it("answers what the router answers, again and again, with fresh trees of the same shape", () => {
    const router = memoized();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        const routes = tree();
        const got = router.matchRoutes(routes, path);
        expect(named(got), `${path}, round ${round}`).toEqual(named(real.matchRoutes(tree(), path)));
        // The given tree's own route objects.
        const ids = new Map<string, R>();
        const walk = (list: R[]) => list.forEach((r) => (ids.set(r.id, r), walk(r.children ?? [])));
        walk(routes);
        for (const m of got ?? []) expect(m.route).toBe(ids.get((m.route as R).id));
      }
    }
  });

  it("takes the path from a location object or a string with a query, and honours the basename", () => {
    const router = memoized();
    const routes = tree();
    expect(named(router.matchRoutes(routes, { pathname: "/page/about" }))).toEqual(named(real.matchRoutes(tree(), "/page/about")));
    expect(named(router.matchRoutes(routes, "/page/about?x=1#top"))).toEqual(named(real.matchRoutes(tree(), "/page/about")));
    expect(named(router.matchRoutes(routes, "/portal/call", "/portal"))).toEqual(named(real.matchRoutes(tree(), "/portal/call", "/portal")));
    expect(router.matchRoutes(routes, "/elsewhere/call", "/portal")).toBeNull();
  });

  it("gives every answer params of its own, shared by its matches as the router does", () => {
    const router = memoized();
    const first = router.matchRoutes(tree(), "/admin/call/7/update")!;
    first[0].params.id = "changed";
    const second = router.matchRoutes(tree(), "/admin/call/7/update")!;
    expect(second.map((m) => m.params.id)).toEqual(["7", "7"]);
    expect(second[0].params).toBe(second[1].params);
  });

  it("tells trees of different shapes apart", () => {
    const router = memoized();
    const other: R[] = [{ id: "root", path: "", children: [{ id: "routes/call.$id", path: "call/:id" }, { id: "routes/call", path: "call" }] }];
    expect(named(router.matchRoutes(tree(), "/call/5"))?.at(-1)?.route).toBe("routes/$");
    expect(named(router.matchRoutes(other, "/call/5"))?.at(-1)).toMatchObject({ route: "routes/call.$id", params: { id: "5" } });
  });

  it("wraps once", () => {
    const router = memoized();
    const wrapped = router.matchRoutes;
    memoizeRouteMatching(router);
    expect(router.matchRoutes).toBe(wrapped);
  });
});

describe("the data router's matches", () => {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@remix-run/router");

  it("go through the router's exports once its source is rewritten, and nothing else changes", () => {
    const source = fs.readFileSync(file, "utf8");
    const patched = withDataMatchesThroughExports(source)!;
    expect(patched).not.toBeNull();
    expect(patched.match(/exports\.matchRoutes\(dataRoutes, location, basename\)/g)).toHaveLength(2);
    expect(patched.replace(/exports\.matchRoutes\(dataRoutes/g, "matchRoutes(dataRoutes")).toBe(source);
    expect(withDataMatchesThroughExports("function matchRoutes() {}")).toBeNull();
  });

  it("of a router loaded by routeDataMatchesThroughExports are the memo's, and answer as before", async () => {
    // A module cache of its own, where the router is not loaded yet.
    const cache: NodeJS.Dict<NodeModule> = {};
    const fresh = Object.assign((id: string) => cache[require.resolve(id)]!.exports, require, { cache }) as unknown as NodeJS.Require;
    expect(routeDataMatchesThroughExports(fresh)).toBe(true);
    expect(routeDataMatchesThroughExports(fresh)).toBe(false);
    type Handler = { query(request: Request): Promise<{ matches: { route: { id: string } }[] } | Response> };
    const router = cache[file]!.exports as RouterModule & { createStaticHandler(routes: unknown[]): Handler };
    const matchRoutes = vi.spyOn(router, "matchRoutes");
    const handler = router.createStaticHandler([{ id: "root", path: "/", children: [{ id: "call", path: "call", loader: () => null }] }]);
    const context = (await handler.query(new Request("http://portal.test/call"))) as Exclude<Awaited<ReturnType<Handler["query"]>>, Response>;
    expect(context.matches.map((m) => m.route.id)).toEqual(["root", "call"]);
    expect(matchRoutes).toHaveBeenCalledTimes(1);
  });
});
