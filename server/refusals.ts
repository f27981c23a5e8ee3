import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/http/security.server";
import { logger } from "~/services/logger.server";
import { failsForDatabaseAway, sendDatabaseAway } from "./database-away";
import { sendRefusal } from "./refusal-page";

const BAD_REQUEST_MESSAGE = "This address could not be read. Please check the link and try again.";
const TOO_LONG_MESSAGE = "This address is too long to read. Please check the link and try again.";

/** Forms another site makes a browser send (CSRF) get our 403 page before the app sees them. */
export function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (!isCrossSiteRequest(req.method, { get: (name) => req.get(name) }, req.get("host") ?? "")) return next();
  sendRefusal(res, { status: 403, title: "Access denied", message: CROSS_SITE_MESSAGE });
}

/**
 * Remix's data requests from before single fetch (`?_data=`): none of our pages makes one, and Remix answers some of
 * them (an action's) with an error of its own. They get our 400 page instead.
 */
export function refuseOldDataRequests(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.indexOf("?");
  if (query === -1 || !/_data|%5fdata/i.test(req.originalUrl)) return next();
  // Read as Remix reads it; URLSearchParams, unlike URL, takes any text.
  if (!new URLSearchParams(req.originalUrl.slice(query + 1)).has("_data")) return next();
  sendRefusal(res, { status: 400, title: "Bad request", message: BAD_REQUEST_MESSAGE });
}

/** The 4xx status Express's middleware gave an error (as `status` or `statusCode`), or null for a failure of ours. */
function clientErrorStatus(error: unknown) {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : null;
}

/**
 * Express's error handler: what the client got wrong (an address with broken percent-encoding, which Express marks
 * with a 4xx) gets our 400 page, the database away its 503, and only a failure of ours is logged and answered 500.
 */
export function answerFailures(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return res.end();
  const status = clientErrorStatus(error);
  if (status) return sendRefusal(res, { status, title: "Bad request", message: BAD_REQUEST_MESSAGE });
  if (failsForDatabaseAway(500)) return sendDatabaseAway(res);
  logger.error({ err: error }, "Request failed outside the app");
  sendRefusal(res, {
    status: 500,
    title: "Something went wrong",
    message: "Sorry, we could not show this page. Please try again in a moment.",
  });
}

/**
 * Node refuses a request whose address and headers pass its limit (16 KB) before Express sees it, with an empty
 * 431 or a cut connection; this answers it in words instead.
 */
export function explainRefusedRequests(error: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const [status, message] = tooLarge
    ? ["431 Request Header Fields Too Large", TOO_LONG_MESSAGE]
    : ["400 Bad Request", BAD_REQUEST_MESSAGE];
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
}
