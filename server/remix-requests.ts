import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type RequestHandler,
} from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { cacheControlFor } from "~/http/cache-control.server";
import { failsForDatabaseAway, sendDatabaseAway } from "./database-away";

/**
 * Express middleware that answers with Remix, as `@remix-run/express` does, except that a body a middleware before
 * it has already read (`req.body`, a Buffer) is handed on rather than read from the spent stream (decision 35), and
 * that its answer goes through `sendResponse`.
 */
export function remixRequests(
  handle: RequestHandler,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(fetchRequest(req, res), loadContext(req, res));
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

function portOf(host: string | undefined) {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : null;
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse) {
  // req.hostname follows the "trust proxy" setting but drops the port, which the Host header (or the proxy's) has.
  const port = portOf(req.get("X-Forwarded-Host")) ?? portOf(req.get("Host"));
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value) headers.set(name, value);
  }
  // Loaders and actions stop when the client has gone before its answer was written (`close` without `finish`).
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  res.on("close", () => answered || controller.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Buffer.isBuffer(req.body) ? (req.body as Buffer<ArrayBuffer>) : createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The one writer of the app's fetch `Response`s into Node, where what depends on the whole answer is decided before
 * a byte is written: a 500 while the database is away becomes the 503 page, and `Cache-Control` is set once it is
 * known whether the answer sets a cookie.
 */
export async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (failsForDatabaseAway(response.status)) {
    await response.body?.cancel();
    return sendDatabaseAway(res);
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Headers' iterator gives each Set-Cookie apart, so appending keeps them all; any other header of the page's own
  // replaces the one every answer carries (a Check In page's Permissions-Policy).
  for (const [name, value] of response.headers)
    if (name === "set-cookie") res.append(name, value);
    else res.set(name, value);
  res.set(
    "Cache-Control",
    cacheControlFor({
      requestCookie: req.get("Cookie"),
      setsCookie: response.headers.has("Set-Cookie"),
      current: response.headers.get("Cache-Control") ?? undefined,
    }),
  );
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
