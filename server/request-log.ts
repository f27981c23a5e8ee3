import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import type { NextFunction, Request, Response } from "express";
import { logger, runInRequestContext, type RequestContext } from "~/services/logger.server";
import { shortMemory } from "~/utils/short-memory";

// Crockford's base32 in lower case: no i, l, o or u to misread when someone reads an id out over the phone.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
// What a proxy's own id looks like (nginx's $request_id is 32 hex digits); anything else is made anew.
const SANE_INCOMING_ID = /^[A-Za-z0-9_-]{8,64}$/;

const ID_LENGTH = 8;
// Random bytes drawn 512 ids at a time: one call to the system's generator per request cost more than the id.
const randomPool = Buffer.alloc(ID_LENGTH * 512);
let poolOffset = randomPool.length;

/** 8 characters, 40 random bits: short enough to read out, unique enough to find one request in a day's logs. */
export function newRequestId() {
  if (poolOffset === randomPool.length) {
    crypto.randomFillSync(randomPool);
    poolOffset = 0;
  }
  let id = "";
  for (let i = 0; i < ID_LENGTH; i++) id += ALPHABET[randomPool[poolOffset + i] & 31];
  poolOffset += ID_LENGTH;
  return id;
}

/** The id of a request: the trusted proxy's `X-Request-Id` when it looks sane, else a new one. */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean) {
  return trustProxy && incoming && SANE_INCOMING_ID.test(incoming) ? incoming : newRequestId();
}

/** How a request is named in logs and metrics: the Remix route that answers it, or what our server does with it. */
export type RouteName = { route: string; pathHasIds: boolean };

type Manifest = ServerBuild["routes"];
// The paths whose route names are kept (a path with ids is one of many; past this, the names start again).
const NAMES_KEPT = 2_000;
type RouteObject = Parameters<typeof matchRoutes>[0][number];

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map(({ id, path, index, caseSensitive }) =>
      index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: routeTree(manifest, id) },
    );
}

/**
 * Names the Remix route a path goes to (`routes/movies.$id.$date`), as Remix matches it: a single-fetch data URL
 * (`/movies/1.data`, `/_root.data`) like its page. `pathHasIds` says whether the path holds values of the route's
 * parameters (a booking's id, a ticket's code), which a log line then leaves out.
 */
export function remixRouteNamer(manifest: Manifest) {
  const tree = routeTree(manifest);
  const nameOf = (pathname: string): RouteName => {
    if (pathname === "/__manifest") return { route: "remix:manifest", pathHasIds: false };
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page) ?? [];
    const leaf = matches.at(-1)?.route;
    return {
      route: leaf?.id ?? "not-found",
      pathHasIds: matches.some((match) => match.route.path?.includes(":")),
    };
  };
  // matchRoutes ranks the whole route tree at each call: a fifth of the CPU of a page served from memory.
  const named = shortMemory<string, RouteName>({ lifetimeMs: Infinity, maxEntries: NAMES_KEPT });
  return (pathname: string): RouteName => {
    let name = named.get(pathname);
    if (!name) {
      name = nameOf(pathname);
      named.set(pathname, name);
    }
    return name;
  };
}

type Observer = (request: { method: string; route: string; status: number; seconds: number }) => void;

// Load balancers and Prometheus ask every few seconds: their lines are debug, not info.
const PROBES = new Set(["healthz", "metrics"]);

/**
 * Gives each request its id (the `X-Request-Id` answer header, the error pages, every line logged while it is
 * answered) and, once answered, writes its one log line and tells `observe` (the metrics). Whatever answers it
 * names it (`res.locals.route`); what nothing named was a static file.
 */
export function logRequests(trustProxy: boolean, observe: Observer) {
  return (req: Request, res: Response, next: NextFunction) => {
    const context: RequestContext = { requestId: requestIdFor(req.get("X-Request-Id"), trustProxy) };
    res.locals.requestContext = context;
    res.set("X-Request-Id", context.requestId);
    const started = performance.now();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const { route = "static", pathHasIds = false } = (res.locals.route ?? {}) as Partial<RouteName>;
      const status = res.statusCode;
      observe({ method: req.method, route, status, seconds: ms / 1000 });
      const line = {
        reqId: context.requestId,
        method: req.method,
        route,
        ...(pathHasIds ? {} : { path: req.path }),
        status,
        ms,
        ...(context.uid ? { uid: context.uid } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const level = status >= 500 ? "error" : PROBES.has(route) ? "debug" : "info";
      logger[level](line, "request");
    };
    res.once("finish", done);
    res.once("close", done);
    runInRequestContext(context, next);
  };
}

/** Names the requests Remix answers, for their log line. */
export function nameRemixRoutes(manifest: Manifest) {
  const nameOf = remixRouteNamer(manifest);
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = nameOf(req.path);
    next();
  };
}

export function requestIdOf(res: Response) {
  return (res.locals.requestContext as RequestContext).requestId;
}
