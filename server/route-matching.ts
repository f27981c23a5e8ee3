import { createRequire } from "node:module";
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from "@remix-run/router";
import { shortMemory } from "~/utils/short-memory";

type MatchRoutes = <Route extends AgnosticRouteObject>(
  routes: Route[],
  location: string | Partial<Location>,
  basename?: string,
) => AgnosticRouteMatch<string, Route>[] | null;

// Paths whose matches are kept; past it the oldest go first, so a crawler's endless addresses cost bounded memory.
const PATHS_KEPT = 2_000;
const REMEMBERS = Symbol("remembers route matches");

/** A route tree as matching sees it: a number for its shape (the same for every copy of it), and its routes by id. */
type Tree = { shape: number; byId: Map<string, AgnosticRouteObject> };
type KeptMatch = { routeId: string; params: AgnosticRouteMatch["params"]; pathname: string; pathnameBase: string };

const shapes = new Map<string, number>();

/** The tree's shape and routes, or null when a route has no id (or shares one), which no Remix tree does. */
function readTree(routes: AgnosticRouteObject[]): Tree | null {
  const byId = new Map<string, AgnosticRouteObject>();
  const describe = (branch: AgnosticRouteObject[]): string | null => {
    const parts: string[] = [];
    for (const route of branch) {
      if (typeof route.id !== "string" || byId.has(route.id)) return null;
      byId.set(route.id, route);
      const children = route.children ? describe(route.children) : "";
      if (children === null) return null;
      // Ids and paths are file names and URL patterns: no control characters to confuse the separators.
      parts.push(
        `${route.id}\u0001${route.path ?? ""}\u0001${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}(${children})`,
      );
    }
    return parts.join("");
  };
  const shape = describe(routes);
  if (shape === null) return null;
  if (!shapes.has(shape)) shapes.set(shape, shapes.size);
  return { shape: shapes.get(shape)!, byId };
}

/**
 * Remix matches a page's path against the build's routes with @remix-run/router's `matchRoutes` three times per
 * request (the server, the route list it hands the browser, React Router's render), and each call flattens, ranks and
 * compiles the whole tree again: 12 % of the CPU of a post answered with a redirect, a fifth of a signed-in page's
 * (decision 25). The routes never change while the process runs, though two of the three callers build a new copy of
 * the tree for each request, so a path's matches are kept by the tree's shape and handed back with the caller's own
 * route objects and a copy of the params. Remix and React Router call the function through the CommonJS module's
 * export, which is where it is replaced.
 */
export function rememberRouteMatches() {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  const match = router.matchRoutes;
  if (REMEMBERS in match) return;
  const trees = new WeakMap<object, Tree | null>();
  const kept = shortMemory<string, KeptMatch[] | null>({ lifetimeMs: Infinity, maxEntries: PATHS_KEPT });
  const remembering: MatchRoutes = (routes, location, basename = "/") => {
    let tree = trees.get(routes);
    if (tree === undefined) trees.set(routes, (tree = readTree(routes)));
    if (!tree) return match(routes, location, basename);
    const key = `${tree.shape}\u0000${basename}\u0000${typeof location === "string" ? location : location.pathname || "/"}`;
    let matches = kept.get(key);
    if (matches === undefined) {
      matches =
        match(routes, location, basename)?.map(({ route, params, pathname, pathnameBase }) => ({
          routeId: route.id!,
          params,
          pathname,
          pathnameBase,
        })) ?? null;
      kept.set(key, matches);
    }
    const { byId } = tree;
    return (
      matches?.map(({ routeId, params, pathname, pathnameBase }) => ({
        params: { ...params },
        pathname,
        pathnameBase,
        route: byId.get(routeId) as (typeof routes)[number],
      })) ?? null
    );
  };
  router.matchRoutes = Object.assign(remembering, { [REMEMBERS]: true });
}
