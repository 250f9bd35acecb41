// Remix 2 matches a page request's path against the route tree four times (the
// server runtime, the data router's query, the lazy route discovery's manifest
// and the render), and each time @remix-run/router flattens the whole tree,
// ranks its branches and compiles every path pattern into a RegExp: the largest
// single cost in a profile of /call after React (docs/budgets.md#per-request-work). A web process
// serves one build, whose tree never changes, so the matches of a path are
// remembered. The router's exported matchRoutes, which the server runtime,
// @remix-run/react and react-router call through the module's exports, is
// wrapped; the data router's own match inside staticHandler.query (and
// queryRoute) calls the function directly, so the router is loaded with those
// two calls made through its exports (routeDataMatchesThroughExports), before
// anything else loads it.
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}

interface MatchLike {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}

type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => MatchLike[] | null;

export interface RouterModule {
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
}

interface Remembered {
  /** The params all matches share (the router gives them one object). */
  params: Record<string, string | undefined>;
  matches: { pathname: string; pathnameBase: string; position: number[] }[];
}

const MEMOIZED = Symbol.for("ta-portal.memoized-matchRoutes");
/** Distinct paths remembered; the oldest goes first beyond this. */
const MAX_PATHS = 2_000;

/** What matching depends on in a tree: each route's id, path, index and case flags, and its children, in order. */
function shapeOf(routes: RouteLike[]): string {
  let out = "";
  for (const r of routes) {
    out += `${r.id ?? ""}\u0001${r.path ?? "\u0002"}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`;
    if (r.children?.length) out += `[${shapeOf(r.children)}]`;
    out += "\u0003";
  }
  return out;
}

/** Where each matched route sits in the tree: its indexes from the top level down. */
function positionsOf(routes: RouteLike[], matches: MatchLike[]): number[][] {
  const where = new Map<RouteLike, number[]>();
  const walk = (list: RouteLike[], at: number[]) =>
    list.forEach((route, i) => {
      where.set(route, [...at, i]);
      if (route.children) walk(route.children, [...at, i]);
    });
  walk(routes, []);
  return matches.map((m) => where.get(m.route)!);
}

function routeAt(routes: RouteLike[], position: number[]): RouteLike {
  let list = routes;
  let route = routes[position[0]];
  for (const i of position) {
    route = list[i];
    list = route.children ?? [];
  }
  return route;
}

/**
 * Wraps `router.matchRoutes` (the process's @remix-run/router by default) with a
 * memo keyed by the tree's shape, the basename and the path: the same answer, made
 * of the given tree's own route objects, with params of its own. Idempotent.
 */
export function memoizeRouteMatching(router: RouterModule = createRequire(import.meta.url)("@remix-run/router") as RouterModule): void {
  const original = router.matchRoutes;
  if ((original as { [MEMOIZED]?: boolean })[MEMOIZED]) return;
  // Remix makes new route objects for every render, of the same shape: shapes are interned.
  const shapes = new Map<string, number>();
  const trees = new WeakMap<RouteLike[], number>();
  const remembered = new Map<string, Remembered | null>();

  const memoized: MatchRoutes = (routes, location, basename = "/") => {
    let tree = trees.get(routes);
    if (tree === undefined) {
      const shape = shapeOf(routes);
      tree = shapes.get(shape);
      if (tree === undefined) shapes.set(shape, (tree = shapes.size));
      trees.set(routes, tree);
    }
    const pathname = (typeof location === "string" ? router.parsePath(location).pathname : location.pathname) || "/";
    const key = `${tree}\u0000${basename}\u0000${pathname}`;
    const hit = remembered.get(key);
    if (hit === undefined) {
      const matches = original(routes, location, basename);
      if (remembered.size >= MAX_PATHS) remembered.delete(remembered.keys().next().value!);
      remembered.set(
        key,
        matches && {
          params: { ...matches[0]?.params },
          matches: positionsOf(routes, matches).map((position, i) => ({ pathname: matches[i].pathname, pathnameBase: matches[i].pathnameBase, position })),
        },
      );
      return matches;
    }
    if (hit === null) return null;
    const params = { ...hit.params };
    return hit.matches.map((m) => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: routeAt(routes, m.position) }));
  };
  (memoized as { [MEMOIZED]?: boolean })[MEMOIZED] = true;
  router.matchRoutes = memoized;
}

/** The data router's own matches (staticHandler.query and queryRoute), as the router's source spells them. */
const DATA_MATCH = /let matches = matchRoutes\(dataRoutes, location, basename\);/g;

/**
 * The router's CommonJS source with the static handler's matches made through
 * its exports (so through the memo); null when the source does not have them
 * as expected (another version of the router): it is then left as it is.
 */
export function withDataMatchesThroughExports(source: string): string | null {
  const found = source.match(DATA_MATCH)?.length ?? 0;
  if (found !== 2) return null;
  return source.replace(DATA_MATCH, "let matches = exports.matchRoutes(dataRoutes, location, basename);");
}

/**
 * Loads @remix-run/router (CommonJS) from its source, rewritten by
 * withDataMatchesThroughExports, into the module cache, so that every later
 * require of it gets that one. Must run before anything loads the router (the
 * Remix packages do when they are imported); does nothing once it is loaded, or
 * when the source is not as expected. Whether it did is returned.
 */
export function routeDataMatchesThroughExports(require: NodeJS.Require = createRequire(import.meta.url)): boolean {
  const file = require.resolve("@remix-run/router");
  if (require.cache[file]) return false;
  const patched = withDataMatchesThroughExports(fs.readFileSync(file, "utf8"));
  if (!patched) return false;
  const loaded = new Module(file) as Module & { _compile(code: string, filename: string): void; paths: string[] };
  loaded.filename = file;
  loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  loaded._compile(patched, file);
  loaded.loaded = true;
  require.cache[file] = loaded;
  return true;
}
