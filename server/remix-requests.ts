import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type RequestHandler,
} from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

/**
 * Express middleware that answers with Remix, as `@remix-run/express` does, except that a body a middleware before
 * it has already read (`req.body`, a Buffer) is handed on rather than read from the spent stream (decision 35).
 */
export function remixRequests(
  handle: RequestHandler,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(fetchRequest(req, res), loadContext(req, res));
      await send(res, response);
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

async function send(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
