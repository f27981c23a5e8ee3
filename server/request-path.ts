import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { config } from "~/config.server";
import { isPrivatePath } from "~/http/search-engines.server";
import { COMMON_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "~/http/security.server";
import { pingDatabase } from "~/services/db.server";
import { pingIdentityProvider } from "~/services/identity-toolkit.server";
import { compressAnswers } from "./compression";
import { askDatabaseWhenAway } from "./database-away";
import { CHECK_TIMEOUT_MS, serveHealth } from "./health";
import { answerKnownTakenSeatsWhenLate } from "./late-seat-refusals";
import { createMetrics, serveMetrics } from "./metrics";
import { pageCache } from "./page-cache";
import { answerFailures, refuseCrossSitePosts, refuseOldDataRequests } from "./refusals";
import { remixRequests } from "./remix-requests";
import { logRequests, nameRemixRoutes, remixRouteNamer, requestIdOf } from "./request-log";
import type { requestTurns } from "./request-turns";
import { buildFiles, publicFiles } from "./static-files";
import { serveTrailerVideo, TRAILER_VIDEOS_PATH } from "./trailer-videos";
import { END_HOLD_PATH, END_SHOW_PATH, endHoldNow, endShowNow, TICKET_CODE_PATH, ticketCodeNow } from "./test-hooks";

/**
 * What happens to a request, in order (docs/architecture.md, "The request path"). Each step is a module of its own;
 * a step answers the request or passes it on. Only the app's answers go through `sendResponse`
 * (`server/remix-requests.ts`), the one writer of a fetch `Response` into Node; our own pages are `sendRefusal`.
 */
export function requestPath(build: ServerBuild, state: { stopping: boolean }, turns: ReturnType<typeof requestTurns>) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy we trust, the client is the last address it added to X-Forwarded-For; otherwise the socket's.
  app.set("trust proxy", config.trustProxy ? 1 : false);
  const metrics = createMetrics();
  // One Remix handler, Remix's own, for the page cache's renders and for everything else.
  const remix = createRequestHandler(build, process.env.NODE_ENV);

  // 1. Its id, then (when it is answered) its log line and its metrics: every line logged meanwhile carries the id.
  app.use(logRequests(config.trustProxy, metrics.observe));
  // 2. The headers every answer carries (HSTS to one that came over https); while stopping, each connection closes
  // after its answer.
  app.use(commonHeaders(state));
  // 3. Compression of whatever is answered below and does not come compressed already (a kept page).
  app.use(compressAnswers());
  // 4. Remix's data requests from before single fetch: refused before anything else looks at them.
  app.use(refuseOldDataRequests);
  // 5. Probes, answered at once: a load balancer's and Prometheus' questions never wait behind the crowd.
  app.get(
    "/healthz",
    serveHealth({ database: pingDatabase, identity: () => pingIdentityProvider(CHECK_TIMEOUT_MS) }, state),
  );
  app.get("/metrics", serveMetrics(metrics, config.metricsToken, config.trustProxy));
  // The end-to-end tests' server only (TEST_HOOKS=true): a test ends a hold or a show instead of waiting for it, or
  // reads the ticket code a QR code carries (decision 37).
  if (config.testHooks) app.post(END_HOLD_PATH, endHoldNow);
  if (config.testHooks) app.post(END_SHOW_PATH, endShowNow);
  if (config.testHooks) app.get(TICKET_CODE_PATH, ticketCodeNow);
  // 6. The browser's scripts and style sheets.
  app.use("/build", buildFiles());
  // 7. Anonymous catalogue pages from memory (decision 19); before the other files, since public/ has none of them.
  app.use(pageCache(remix, remixRouteNamer(build.routes), metrics.countPageCache));
  // 8. Artwork, trailers, the icon; then trailer videos staff uploaded, kept in the database (decision 79).
  app.use(publicFiles());
  app.get(TRAILER_VIDEOS_PATH, serveTrailerVideo);
  // 9. From here on the app answers: its route names the log line.
  app.use(nameRemixRoutes(build.routes));
  // 10. While the database is away, it is asked again first, and the 503 page answers until it is back.
  app.use(askDatabaseWhenAway);
  // 11. Forms another site made a browser send (CSRF): our 403 page.
  app.use(refuseCrossSitePosts);
  // 12. Requests start a few per turn of the event loop, in the order they came (decision 30).
  app.use(turns.waitForTurn);
  // 13. While a crowd posts, a seat form for seats just taken gets a short page before Remix (decision 35).
  app.post("/movies/:id/:date", answerKnownTakenSeatsWhenLate);
  // 14. The app: Remix answers, and its answer is written by the one writer.
  app.all(
    "*",
    remixRequests(remix, (req, res) => ({
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      requestId: requestIdOf(res),
    })),
  );
  // 15. What failed on the way: our 400, 503 or 500 page.
  app.use(answerFailures);
  return app;
}

function commonHeaders(state: { stopping: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set(COMMON_SECURITY_HEADERS);
    if (isPrivatePath(req.path)) res.set("X-Robots-Tag", "noindex");
    // req.secure believes X-Forwarded-Proto only from a proxy we trust ("trust proxy" above).
    if (req.secure) res.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (state.stopping) res.set("Connection", "close");
    next();
  };
}
