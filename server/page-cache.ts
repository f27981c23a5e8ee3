import type { RequestHandler } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { catalogueKey, catalogueState, forgetCatalogueState } from "~/models/catalogue.server";
import { logger } from "~/services/logger.server";
import { DAY_PATTERN } from "~/utils/dates";
import { cacheControlFor } from "~/http/cache-control.server";
import { compressKept } from "./compression";
import { sendResponse } from "./remix-requests";
import { requestIdOf, type RouteName } from "./request-log";
import { KNOWN_DEVICE_COOKIE } from "~/http/known-device.server";

// The bounds of the memory pages take: past either, the least recently served pages go first.
const MAX_ENTRIES = 1_000;
const MAX_BYTES = 48 * 1024 * 1024;
// A seat page shows which seats are taken, a movie page which times are almost full or sold out: kept at most this
// long, so no seat sold longer ago is shown free.
const OCCUPANCY_MS = 1_000;

type CachedPage = {
  status: number;
  headers: [string, string][];
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
  bytes: number;
  catalogue: string;
  expiresAt: number;
};

type Rendered = { page: CachedPage } | { response: globalThis.Response };

const DATA_SUFFIX = ".data";
// Remix single fetch names the routes to load (`_routes`) when only some are to be revalidated.
const DATA_PARAMS = ["_routes"];
// The pages kept, with the query parameters each reads; an address with any other parameter is not kept.
const CACHEABLE_PAGES: { path: RegExp; params: string[]; occupancy?: true }[] = [
  { path: /^\/$/, params: ["trailer"] },
  { path: /^\/legal$/, params: [] },
  { path: /^\/movies\/[\w-]{1,40}$/, params: ["trailer", "dates", "day"], occupancy: true },
  {
    path: new RegExp(`^/movies/[\\w-]{1,40}/${DAY_PATTERN.source.slice(1, -1)}$`),
    params: ["time", "seats"],
    occupancy: true,
  },
];

/**
 * The address a page is kept under, or null for one that is not kept: the path and the parameters its page reads,
 * sorted, so that the same page is one entry however its address was spelled and unknown parameters cannot add
 * entries. `.data` requests (single fetch) are kept beside their page.
 */
export function pageCacheKey(originalUrl: string) {
  const url = new URL(originalUrl, "http://cache");
  const isData = url.pathname.endsWith(DATA_SUFFIX);
  const pagePath = isData ? url.pathname.slice(0, -DATA_SUFFIX.length).replace(/^\/_root$/, "/") : url.pathname;
  const page = CACHEABLE_PAGES.find(({ path }) => path.test(pagePath));
  if (!page) return null;
  const known = isData ? [...page.params, ...DATA_PARAMS] : page.params;
  if ([...url.searchParams.keys()].some((name) => !known.includes(name))) return null;
  url.searchParams.sort();
  return { key: url.pathname + url.search, occupancy: page.occupancy ?? false };
}

// What an answer must be to be kept for everyone: a 200 for nobody in particular.
function isForEveryone(response: globalThis.Response) {
  return response.status === 200 && !response.headers.has("Set-Cookie") && response.headers.has("Content-Type");
}

export type PageCacheResult = "hit" | "miss" | "bypass";

// The known-device cookie changes no page (it only counts toward mail limits), so a browser that once signed in and
// carries it alone is served the kept pages like any visitor.
const carriesCookieForPages = (cookieHeader: string | undefined) =>
  (cookieHeader ?? "")
    .split(";")
    .some((pair) => pair.trim() !== "" && !pair.trim().startsWith(`${KNOWN_DEVICE_COOKIE}=`));

/**
 * Serves anonymous GETs of the catalogue's pages from memory (docs/decisions/0019-page-cache.md). A page is
 * rendered once per catalogue state by the app itself, for a request that carries no cookie at all, and kept with
 * its brotli and gzip bodies. Requests with a cookie a page may read (a session, a toast) pass by to the app and are
 * never kept.
 */
export function pageCache(
  render: RequestHandler,
  routeOf: (pathname: string) => RouteName,
  count: (result: PageCacheResult) => void,
) {
  const pages = new Map<string, CachedPage>();
  // One render per page at a time: the requests for it meanwhile wait for its result.
  const rendering = new Map<string, Promise<Rendered>>();
  let bytes = 0;

  function keep(key: string, page: CachedPage) {
    drop(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const [oldest] of pages) {
      if (pages.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(oldest);
    }
  }

  function drop(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  }

  async function renderPage(
    key: string,
    occupancy: boolean,
    catalogue: string,
    validUntil: number,
    res: Response,
  ): Promise<Rendered> {
    const startedAt = Date.now();
    const response = await render(new Request(`http://cache${key}`), {
      clientAddress: "page-cache",
      requestId: requestIdOf(res),
    });
    if (!isForEveryone(response)) return { response };
    const identity = Buffer.from(await response.arrayBuffer());
    const { br, gzip } = await compressKept(identity, { briefly: occupancy });
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers],
      bodies: { identity, br, gzip },
      bytes: identity.length + br.length + gzip.length,
      catalogue,
      // Occupancy is read after startedAt, so a seat taken before then shows taken; one after, within the time.
      expiresAt: occupancy ? Math.min(validUntil, startedAt + OCCUPANCY_MS) : validUntil,
    };
    keep(key, page);
    return { page };
  }

  function send(req: Request, res: Response, page: CachedPage, result: PageCacheResult) {
    count(result);
    // Brotli whenever it is accepted: the smaller body, at no cost now.
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
    const body = page.bodies[encoding];
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const current = res.getHeader("Cache-Control")?.toString();
    res.setHeader("Cache-Control", cacheControlFor({ requestCookie: undefined, setsCookie: false, current }));
    res.setHeader("Vary", "Accept-Encoding");
    if (body !== page.bodies.identity) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Cache", result);
    res.end(body);
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    // A change made through this instance (staff's forms) is seen at its next page, not within a second.
    if (req.method === "POST" && req.path.startsWith("/admin")) res.on("finish", forgetCatalogueState);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const cacheable = pageCacheKey(req.originalUrl);
    if (!cacheable) return next();
    if (carriesCookieForPages(req.get("Cookie"))) {
      count("bypass");
      return next();
    }
    const { key, occupancy } = cacheable;
    // Named for the log line as the app would: this answers before the app's own middleware.
    res.locals.route = routeOf(req.path);
    try {
      const state = await catalogueState();
      const catalogue = catalogueKey(state);
      const now = Date.now();
      const kept = pages.get(key);
      if (kept && kept.catalogue === catalogue && now < kept.expiresAt) {
        // Served again: now the most recently used.
        pages.delete(key);
        pages.set(key, kept);
        return send(req, res, kept, "hit");
      }
      const waiting = rendering.get(key);
      if (waiting) {
        const result = await waiting;
        if ("page" in result) return send(req, res, result.page, "hit");
        count("bypass");
        return next();
      }
      const pending = renderPage(key, occupancy, catalogue, state.validUntil, res);
      rendering.set(key, pending);
      const result = await pending.finally(() => rendering.delete(key));
      if ("page" in result) return send(req, res, result.page, "miss");
      // A page not for everyone (a redirect with a toast, a 404) goes to the one who asked, and is not kept.
      count("bypass");
      await sendResponse(req, res, result.response);
    } catch (error) {
      logger.warn({ err: error }, "The page cache could not answer; the app answers instead");
      count("bypass");
      next();
    }
  };
}
