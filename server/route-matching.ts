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
// The CommonJS modules whose exports Remix and React Router call through, which is where each step is put in place.
const load = createRequire(import.meta.url);

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
  const router = load("@remix-run/router") as { matchRoutes: MatchRoutes };
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

type CreateServerRoutes = (
  manifest: Record<string, { id: string }>,
  routeModules: Record<string, unknown>,
  ...rest: unknown[]
) => AgnosticRouteObject[];
type ConvertRoutes = (
  routes: AgnosticRouteObject[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, AgnosticRouteObject>,
) => AgnosticRouteObject[];

/**
 * To render a page, Remix builds React Router's route tree from the build's manifest (`createServerRoutes`) and
 * React Router turns it into data routes (`convertRoutesToDataRoutes`), both again for every request: 3-4 % of the
 * CPU of a refused booking's page, for trees that depend on the build alone. Each tree is kept and handed back while it
 * is asked for with the same objects: the manifest and the same module for each route (Remix makes a new object
 * listing them per request), and the same route tree to convert, whose ids the caller's manifest then gets as well.
 * Neither tree is changed by rendering. Both are called through their CommonJS module's export.
 */
export function rememberRouteTrees() {
  const remixRoutes = load("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
  const router = load("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
  const create = remixRoutes.createServerRoutes;
  const convert = router.UNSAFE_convertRoutesToDataRoutes;
  if (REMEMBERS in create) return;

  type TreeArgs = [Record<string, unknown>, Record<string, unknown>, ...unknown[]];
  let kept: { args: TreeArgs; routes: AgnosticRouteObject[] } | null = null;
  const madeFrom = (args: TreeArgs, earlier: TreeArgs) => {
    const [manifest, modules, ...flags] = args;
    const [earlierManifest, earlierModules, ...earlierFlags] = earlier;
    return (
      manifest === earlierManifest &&
      flags.every((flag, i) => flag === earlierFlags[i]) &&
      Object.keys(manifest).every((id) => modules[id] === earlierModules[id])
    );
  };
  const rememberingCreate: CreateServerRoutes = (...args) => {
    // Only the whole tree (manifest, modules, future flags, SPA mode) is kept; a branch is built as before.
    if (args.length !== 4) return create(...args);
    if (!kept || !madeFrom(args, kept.args)) kept = { args, routes: create(...args) };
    return kept.routes;
  };
  remixRoutes.createServerRoutes = Object.assign(rememberingCreate, { [REMEMBERS]: true });

  const converted = new WeakMap<
    object,
    { mapRouteProperties: unknown; routes: AgnosticRouteObject[]; byId: Record<string, AgnosticRouteObject> }
  >();
  router.UNSAFE_convertRoutesToDataRoutes = (routes, mapRouteProperties, parentPath, manifest = {}) => {
    if (parentPath !== undefined && parentPath.length > 0)
      return convert(routes, mapRouteProperties, parentPath, manifest);
    let tree = converted.get(routes);
    if (!tree || tree.mapRouteProperties !== mapRouteProperties) {
      const byId: Record<string, AgnosticRouteObject> = {};
      tree = { mapRouteProperties, routes: convert(routes, mapRouteProperties, undefined, byId), byId };
      converted.set(routes, tree);
    }
    Object.assign(manifest, tree.byId);
    return tree.routes;
  };
}

type StaticHandler = {
  dataRoutes: AgnosticRouteObject[];
  query: (request: Request, options?: unknown) => Promise<unknown>;
  queryRoute: (request: Request, options?: unknown) => Promise<unknown>;
};
type CreateStaticHandler = (routes: AgnosticRouteObject[], options?: { basename?: string }) => StaticHandler;

/** The routes of one branch, the ids of `chain` from the top, each with no children but the next. */
function branchOf(routes: AgnosticRouteObject[], chain: string[]): AgnosticRouteObject[] {
  const [id, ...rest] = chain;
  const route = routes.find((candidate) => candidate.id === id)!;
  const children = rest.length > 0 ? branchOf(route.children!, rest) : undefined;
  return [{ ...route, children } as AgnosticRouteObject];
}

/**
 * The static handler Remix answers every page and data request with matches the request's path with the module's
 * own `matchRoutes`, which `rememberRouteMatches` cannot reach: it flattens, ranks and compiles the whole tree once
 * more per request (11 % of the CPU of a post for a sold-out show). Each handler made through the export is wrapped: the
 * request's matches are found with the remembered `matchRoutes`, and the request is handed to a handler made once for
 * that branch alone (the matched routes, each with only the next as its child), whose matching the same path picks
 * the same routes. A path no route matches goes to the whole tree's handler, which answers the 404.
 */
export function queryMatchedBranches() {
  const router = load("@remix-run/router") as {
    createStaticHandler: CreateStaticHandler;
    matchRoutes: MatchRoutes;
  };
  const create = router.createStaticHandler;
  if (REMEMBERS in create) return;
  const branching: CreateStaticHandler = (routes, options) => {
    const whole = create(routes, options);
    const basename = options?.basename || "/";
    // One per branch of the tree, which the build fixes, so the map stays as small as the route list.
    const branches = new Map<string, StaticHandler>();
    const handlerFor = (request: Request) => {
      const matches = router.matchRoutes(whole.dataRoutes, new URL(request.url).pathname, basename);
      if (!matches) return whole;
      const chain = matches.map((match) => match.route.id!);
      const key = chain.join("\u0000");
      let handler = branches.get(key);
      if (!handler) branches.set(key, (handler = create(branchOf(routes, chain), options)));
      return handler;
    };
    return {
      ...whole,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request).queryRoute(request, queryOptions),
    };
  };
  router.createStaticHandler = Object.assign(branching, { [REMEMBERS]: true });
}
