import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { rememberRouteMatches, rememberRouteTrees } from "../../server/route-matching";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router");
const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js");
const original = router.matchRoutes;
const counted = vi.fn(original);
router.matchRoutes = counted;
rememberRouteMatches();
const remixRoutes = require("@remix-run/react/dist/routes.js");
const createServerRoutes = vi.fn(remixRoutes.createServerRoutes);
remixRoutes.createServerRoutes = createServerRoutes;
const convertOriginal = router.UNSAFE_convertRoutesToDataRoutes;
const convertRoutes = vi.fn(convertOriginal);
router.UNSAFE_convertRoutesToDataRoutes = convertRoutes;
rememberRouteTrees();

// A tree shaped like the site's: a root layout, an index, nested dynamic segments, a splat.
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/movies._index", path: "movies", index: true },
      { id: "routes/movies.$id", path: "movies/:id" },
      { id: "routes/movies.$id.$date", path: "movies/:id/:date" },
      { id: "routes/admin", path: "admin", children: [{ id: "routes/admin.list-shows", path: "list-shows" }] },
      { id: "routes/$", path: "*" },
    ],
  },
];
const PATHS = ["/", "/movies", "/movies/", "/movies/1010581", "/movies/1010581/2026-11-25", "/admin/list-shows"];
const ODD_PATHS = ["/movies/%E2%9C%93", "/nowhere/at/all", "/admin/list-shows/extra", "//movies", ""];

describe("rememberRouteMatches", () => {
  it("answers what matchRoutes answers, for pages, odd addresses and a basename", () => {
    for (const path of [...PATHS, ...ODD_PATHS]) {
      expect(router.matchRoutes(routes, path)).toEqual(original(routes, path));
      expect(router.matchRoutes(routes, path)).toEqual(original(routes, path));
      expect(router.matchRoutes(routes, path, "/cinema")).toEqual(original(routes, path, "/cinema"));
    }
    expect(router.matchRoutes(routes, "/movies/7").at(-1)).toMatchObject({
      params: { id: "7" },
      route: { id: "routes/movies.$id" },
    });
  });

  it("matches a path once, however often Remix's server asks", () => {
    counted.mockClear();
    const path = "/movies/42/2026-12-01";
    const first = matchServerRoutes(routes, path);
    const again = matchServerRoutes(routes, path);
    expect(again).toEqual(first);
    expect(first.at(-1)).toMatchObject({ params: { id: "42", date: "2026-12-01" } });
    expect(counted).toHaveBeenCalledTimes(1);
    // Another tree is another answer.
    const other = [{ id: "other", path: "movies/:slug/:day" }];
    expect(matchServerRoutes(other, path).at(-1).params).toEqual({ slug: "42", day: "2026-12-01" });
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it("gives each caller its own matches: changing one's params changes no one else's", () => {
    const mine = router.matchRoutes(routes, "/movies/99");
    mine.at(-1).params.id = "tampered";
    mine.pop();
    const theirs = router.matchRoutes(routes, "/movies/99");
    expect(theirs).toHaveLength(2);
    expect(theirs.at(-1).params.id).toBe("99");
  });

  it("knows a copy of the tree, as React Router makes for each request, and answers with the copy's own routes", () => {
    counted.mockClear();
    const copy = () => JSON.parse(JSON.stringify(routes));
    const [first, second] = [copy(), copy()];
    // A path not asked for yet, the same for a path given as text or as a location.
    const fromFirst = router.matchRoutes(first, "/admin/list-shows/");
    const fromSecond = router.matchRoutes(second, { pathname: "/admin/list-shows/" });
    expect(counted).toHaveBeenCalledTimes(1);
    expect(fromSecond).toEqual(original(second, "/admin/list-shows/"));
    expect(fromSecond.at(-1).route).toBe(second[0].children[4].children[0]);
    expect(fromFirst.at(-1).route).toBe(first[0].children[4].children[0]);
  });

  it("tells apart trees whose routes share ids but not paths, and leaves trees without ids to matchRoutes", () => {
    const moved = JSON.parse(JSON.stringify(routes));
    moved[0].children[3].path = "films/:id/:date";
    expect(router.matchRoutes(moved, "/movies/1/2026-12-01").at(-1).route.id).toBe("routes/$");
    expect(router.matchRoutes(moved, "/films/1/2026-12-01").at(-1).route.id).toBe("routes/movies.$id.$date");
    counted.mockClear();
    const anonymous = [{ path: "movies/:id" }];
    router.matchRoutes(anonymous, "/movies/1");
    router.matchRoutes(anonymous, "/movies/1");
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it("is put in place once, however often a site is created", () => {
    const remembering = router.matchRoutes;
    rememberRouteMatches();
    expect(router.matchRoutes).toBe(remembering);
  });
});

describe("rememberRouteTrees", () => {
  // A build's manifest and route modules as Remix hands them to RemixServer: the modules listed anew per request.
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, hasLoader: true },
    "routes/movies.$id": { id: "routes/movies.$id", parentId: "root", path: "movies/:id", hasLoader: false },
  };
  const modules = { root: { default: () => null }, "routes/_index": { default: () => null }, "routes/movies.$id": {} };
  const listModules = () => ({ ...modules });
  const future = {};
  const mapRouteProperties = (route: object) => ({ hasErrorBoundary: "errorElement" in route });

  it("builds the React route tree once for the same build, and again when a route's module is another", () => {
    createServerRoutes.mockClear();
    const first = remixRoutes.createServerRoutes(manifest, listModules(), future, false);
    const again = remixRoutes.createServerRoutes(manifest, listModules(), future, false);
    expect(again).toBe(first);
    expect(createServerRoutes).toHaveBeenCalledTimes(1);
    expect(first.map((route: { id: string }) => route.id)).toEqual(["root"]);
    expect(first[0].children.map((route: { id: string }) => route.id)).toEqual(["routes/_index", "routes/movies.$id"]);
    const changed = remixRoutes.createServerRoutes(
      manifest,
      { ...modules, root: { default: () => null } },
      future,
      false,
    );
    expect(changed).not.toBe(first);
    expect(createServerRoutes).toHaveBeenCalledTimes(2);
    expect(remixRoutes.createServerRoutes(manifest, listModules(), future, true)).not.toBe(changed);
  });

  it("converts a tree to data routes once, and fills each caller's manifest with its routes", () => {
    const tree = remixRoutes.createServerRoutes(manifest, listModules(), future, false);
    convertRoutes.mockClear();
    const [byIdFirst, byIdAgain] = [{}, {}];
    const first = router.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, byIdFirst);
    const again = router.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, byIdAgain);
    expect(again).toBe(first);
    expect(convertRoutes).toHaveBeenCalledTimes(1);
    expect(byIdAgain).toEqual(byIdFirst);
    expect(Object.keys(byIdAgain).sort()).toEqual(["root", "routes/_index", "routes/movies.$id"]);
    const fresh = {};
    expect(convertOriginal(tree, mapRouteProperties, undefined, fresh)).toEqual(first);
    // Another tree, or the same with other route properties, is converted anew.
    router.UNSAFE_convertRoutesToDataRoutes(tree, () => ({}), undefined, {});
    expect(convertRoutes).toHaveBeenCalledTimes(2);
  });
});
