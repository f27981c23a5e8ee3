import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { queryMatchedBranches, rememberRouteMatches, rememberRouteTrees } from "../../server/route-matching";

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
const createOriginal = router.createStaticHandler;
const createStaticHandler = vi.fn(createOriginal);
router.createStaticHandler = createStaticHandler;
queryMatchedBranches();

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

describe("queryMatchedBranches", () => {
  // Data routes as Remix's server hands them to the static handler: each with its loader, the pages with an action.
  const dataRoutes = () => {
    const load = (id: string) => ({ id, loader: ({ params }: { params: object }) => ({ id, params }) });
    return [
      {
        ...load("root"),
        path: "",
        children: [
          { ...load("routes/_index"), index: true },
          { ...load("routes/movies.$id"), path: "movies/:id", action: () => ({ booked: true }) },
          { ...load("routes/admin"), path: "admin", children: [{ ...load("routes/admin.shows"), path: "shows" }] },
          { ...load("routes/api"), path: "api", loader: () => new Response("fine") },
        ],
      },
    ];
  };
  const request = (path: string, init?: RequestInit) => new Request(`http://cinema.test${path}`, init);
  // What a query answered, without the route objects, which are each handler's own.
  const answer = async (result: Promise<unknown>) => {
    const settled = await result.catch((error: unknown) => ({ thrown: error }));
    if (settled instanceof Response) return { status: settled.status, body: await settled.text() };
    const { matches, ...rest } = settled as { matches?: { route: { id: string }; params: object }[] };
    return { ...rest, matches: matches?.map((match) => [match.route.id, match.params]) };
  };

  it("answers every query as the whole tree's handler does", async () => {
    const branching = router.createStaticHandler(dataRoutes());
    const whole = createOriginal(dataRoutes());
    const asks: [string, RequestInit?, object?][] = [
      ["/"],
      ["/movies/7?time=1"],
      ["/movies/7", { method: "POST", body: new URLSearchParams({ seats: "A1" }) }],
      ["/admin", { method: "POST", body: "" }],
      ["/admin/shows"],
      ["/nowhere"],
      ["/", { method: "PROPFIND" }],
    ];
    for (const [path, init] of asks) {
      expect(await answer(branching.query(request(path, init)))).toEqual(
        await answer(whole.query(request(path, init))),
      );
    }
    const routeAsks: [string, string | undefined][] = [
      ["/admin/shows", "routes/admin"],
      ["/admin/shows", "routes/movies.$id"],
      ["/api", undefined],
      ["/nowhere", undefined],
    ];
    for (const [path, routeId] of routeAsks) {
      expect(await answer(branching.queryRoute(request(path), { routeId }))).toEqual(
        await answer(whole.queryRoute(request(path), { routeId })),
      );
    }
  });

  it("hands each request to a handler made once for its branch alone", async () => {
    const branching = router.createStaticHandler(dataRoutes());
    createStaticHandler.mockClear();
    await branching.query(request("/admin/shows"));
    await branching.query(request("/admin/shows?again=1"));
    await branching.queryRoute(request("/admin/shows"), { routeId: "routes/admin" });
    expect(createStaticHandler).toHaveBeenCalledTimes(1);
    const [branch] = createStaticHandler.mock.calls[0] as [{ children: unknown[] }[]];
    expect(branch).toMatchObject([
      { id: "root", children: [{ id: "routes/admin", children: [{ id: "routes/admin.shows" }] }] },
    ]);
    expect(branch[0].children).toHaveLength(1);
    await branching.query(request("/nowhere"));
    expect(createStaticHandler).toHaveBeenCalledTimes(1);
  });

  it("is the handler Remix's server makes and asks", async () => {
    const { createRequestHandler } = require("@remix-run/server-runtime");
    const module = (loader?: () => unknown) => ({ default: () => null, ...(loader && { loader }) });
    const build = {
      mode: "production",
      future: {},
      routes: {
        root: { id: "root", path: "", module: module() },
        "routes/api": {
          id: "routes/api",
          parentId: "root",
          path: "api",
          module: { loader: () => new Response("api") },
        },
      },
      entry: { module: { default: () => new Response("page") } },
      assets: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "1" },
    };
    createStaticHandler.mockClear();
    const response = await createRequestHandler(build)(request("/api"));
    expect(await response.text()).toBe("api");
    // The whole tree's handler, then the branch's for /api.
    expect(createStaticHandler).toHaveBeenCalledTimes(2);
    expect(createStaticHandler.mock.calls[1][0]).toMatchObject([{ id: "root", children: [{ id: "routes/api" }] }]);
  });

  it("is put in place once", () => {
    const branching = router.createStaticHandler;
    queryMatchedBranches();
    expect(router.createStaticHandler).toBe(branching);
  });
});
