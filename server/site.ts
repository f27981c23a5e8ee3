import fs from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { config } from "~/config.server";
import { BROTLI_PER_REQUEST, GZIP_LEVEL_PER_REQUEST } from "~/http/compression.server";
import { COMMON_SECURITY_HEADERS, CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/http/security.server";
import { startOutboxWorker } from "~/models/outbox-worker.server";
import { settleInterruptedPayments } from "~/models/payments.server";
import { keepSampleScheduleFilled } from "~/models/sample-data.server";
import { closeDb, getDb, pingDatabase } from "~/services/db.server";
import { pingIdentityProvider } from "~/services/identity-toolkit.server";
import { logger } from "~/services/logger.server";
import { askDatabaseWhenAway, failsForDatabaseAway, sendDatabaseAway } from "./database-away";
import { lockDataFolder, makeDataFolderPrivate } from "./data-folder";
import { CHECK_TIMEOUT_MS, serveHealth } from "./health";
import { answerKnownTakenSeatsWhenLate } from "./late-seat-refusals";
import { createMetrics, serveMetrics } from "./metrics";
import { pageCache } from "./page-cache";
import { sendRefusal } from "./refusal-page";
import { remixRequests } from "./remix-requests";
import { logRequests, nameRemixRoutes, remixRouteNamer, requestIdOf } from "./request-log";
import { requestTurns } from "./request-turns";

// Connections the kernel may hold for the server before it accepts them (Linux caps it at net.core.somaxconn).
const LISTEN_BACKLOG = 4096;
// How long a stop waits for the requests in flight before it gives up on them.
const SHUTDOWN_TIMEOUT_MS = 10_000;

const BAD_REQUEST_MESSAGE = "This address could not be read. Please check the link and try again.";

/** The 4xx status Express's middleware gave an error (as `status` or `statusCode`), or null for a failure of ours. */
function clientErrorStatus(error: unknown) {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : null;
}

/** Forms another site makes a browser send (CSRF) get our 403 page before the app sees them. */
function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (!isCrossSiteRequest(req.method, { get: (name) => req.get(name) }, req.get("host") ?? "")) return next();
  sendRefusal(res, { status: 403, title: "Access denied", message: CROSS_SITE_MESSAGE });
}

/**
 * Remix's data requests from before single fetch (`?_data=`): none of our pages makes one, and Remix answers some of
 * them (an action's) with an error of its own. They get our 400 page instead.
 */
function refuseOldDataRequests(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.indexOf("?");
  if (query === -1 || !/_data|%5fdata/i.test(req.originalUrl)) return next();
  // Read as Remix reads it; URLSearchParams, unlike URL, takes any text.
  if (!new URLSearchParams(req.originalUrl.slice(query + 1)).has("_data")) return next();
  sendRefusal(res, { status: 400, title: "Bad request", message: BAD_REQUEST_MESSAGE });
}

function createApp(build: ServerBuild, state: { stopping: boolean }, turns: ReturnType<typeof requestTurns>) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy we trust, the client is the last address it added to X-Forwarded-For; otherwise the socket's.
  app.set("trust proxy", config.trustProxy ? 1 : false);
  const metrics = createMetrics();
  app.use(logRequests(config.trustProxy, metrics.observe));
  app.use((_req, res, next) => {
    res.set(COMMON_SECURITY_HEADERS);
    // While stopping, each connection closes after its answer, so the stop does not wait on idle clients.
    if (state.stopping) res.set("Connection", "close");
    next();
  });
  // Rendered pages come compressed whole (entry.server); this compresses the rest of what is answered per request
  // (data requests, redirects' bodies, the site's own refusal pages) with the same settings.
  app.use(compression({ level: GZIP_LEVEL_PER_REQUEST, brotli: { params: BROTLI_PER_REQUEST } }));
  const checks = { database: pingDatabase, identity: () => pingIdentityProvider(CHECK_TIMEOUT_MS) };
  app.use(refuseOldDataRequests);
  app.get("/healthz", serveHealth(checks, state));
  app.get("/metrics", serveMetrics(metrics, config.metricsToken, config.trustProxy));
  // Build assets have their content's hash in their names, so they never change.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Before the other files: public/ has none of the kept pages' addresses.
  // One Remix handler for the page cache's renders and for everything else.
  const remix = createRequestHandler(build, process.env.NODE_ENV);
  app.use(pageCache(remix, remixRouteNamer(build.routes), metrics.countPageCache));
  // Artwork, trailers and the icon keep their names when they change: a week, then checked again (ETag).
  app.use(publicFiles("public", { maxAge: "7d" }));
  app.use(nameRemixRoutes(build.routes));
  app.use(askDatabaseWhenAway);
  app.use(refuseCrossSitePosts);
  app.use(turns.waitForTurn);
  app.post("/movies/:id/:date", answerKnownTakenSeatsWhenLate);
  app.all(
    "*",
    remixRequests(remix, (req, res) => ({
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      requestId: requestIdOf(res),
    })),
  );
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return res.end();
    // Express marks what the client got wrong (an address with broken percent-encoding) with a 4xx status.
    const status = clientErrorStatus(error);
    if (status) return sendRefusal(res, { status, title: "Bad request", message: BAD_REQUEST_MESSAGE });
    if (failsForDatabaseAway(500)) return sendDatabaseAway(res);
    logger.error({ err: error }, "Request failed outside the app");
    sendRefusal(res, {
      status: 500,
      title: "Something went wrong",
      message: "Sorry, we could not show this page. Please try again in a moment.",
    });
  });
  return app;
}

/**
 * The files of a folder, looked up only for addresses under one of its own top-level names (`/artwork/…`,
 * `/favicon.svg`): looking for every page's address there cost a failed `stat` per request, about 3 % of a signed-in
 * page's CPU. The names are read at start; a file added inside them later is served. `build` has its own mount, so
 * a missing build file is not looked for twice.
 */
function publicFiles(folder: string, options: Parameters<typeof express.static>[1]) {
  const names = new Set(fs.readdirSync(folder).filter((name) => name !== "build"));
  const serve = express.static(folder, options);
  return (req: Request, res: Response, next: NextFunction) =>
    names.has(req.path.split("/", 2)[1]) ? serve(req, res, next) : next();
}

const SETTLE_EVERY_MS = 15_000;

/** Payments a crash left charged but unrecorded are settled at start and then every few seconds (any instance). */
function settlePaymentsRegularly() {
  const settle = () =>
    settleInterruptedPayments().then(
      (settled) => {
        if (settled.recorded + settled.refunded > 0) logger.warn(settled, "Settled interrupted payments");
      },
      (error) => logger.error({ err: error }, "Settling interrupted payments failed"),
    );
  void settle();
  const timer = setInterval(settle, SETTLE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const TOO_LONG_MESSAGE = "This address is too long to read. Please check the link and try again.";

/**
 * Node refuses a request whose address and headers pass its limit (16 KB) before Express sees it, with an empty
 * 431 or a cut connection; this answers it in words instead.
 */
function explainRefusedRequests(error: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const [status, message] = tooLarge
    ? ["431 Request Header Fields Too Large", TOO_LONG_MESSAGE]
    : ["400 Bad Request", BAD_REQUEST_MESSAGE];
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
}

function listen(app: express.Express) {
  return new Promise<Server>((resolve, reject) => {
    // A crowd arriving at once waits in the kernel's queue for its turn rather than being refused at the door: Node's
    // default queue of 511 connections overflowed in the premiere test and left buyers with no answer.
    const server = app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve(server));
    server.on("clientError", explainRefusedRequests);
    server.once("error", reject);
  });
}

/**
 * Runs the site until SIGTERM or SIGINT, then stops accepting, finishes the requests in flight, closes the
 * database and exits 0 (1 if requests were still running after SHUTDOWN_TIMEOUT_MS).
 */
export async function serveSite(build: ServerBuild) {
  if (config.databaseUrl === null) {
    makeDataFolderPrivate(config.dataDir);
    lockDataFolder(config.dataDir, "db");
  }
  await getDb();
  // PGlite unpacks a new database with its files readable by all; they are made private once it is open.
  if (config.databaseUrl === null) makeDataFolderPrivate(config.dataDir);
  const stopSampleSchedule = config.sampleData ? await keepSampleScheduleFilled() : () => {};
  const stopOutbox = await startOutboxWorker();
  const stopSettling = settlePaymentsRegularly();
  const state = { stopping: false };
  const turns = requestTurns();
  const server = await listen(createApp(build, state, turns));
  turns.watch(server);
  console.info(`Site on http://${config.host}:${config.port}`);

  const stop = (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    logger.info(`${signal}: finishing the requests in flight, then stopping.`);
    stopSampleSchedule();
    stopSettling();
    const force = setTimeout(() => {
      logger.error("Requests still running after the stop timeout; stopping anyway.");
      server.closeAllConnections();
      process.exitCode = 1;
    }, SHUTDOWN_TIMEOUT_MS);
    // net.Server's close only stops accepting. http.Server's would also cut idle keep-alive connections at once,
    // racing a client that is just sending its next request on one; those are answered instead, with
    // "Connection: close", or end at the keep-alive timeout.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(force);
      // The mail being sent is finished and marked first, or it would be sent again after the restart.
      stopOutbox()
        .then(closeDb)
        .catch((error) => {
          logger.error({ err: error }, "Closing the database failed");
          process.exitCode = 1;
        })
        .finally(() => process.exit());
    });
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(signal));
}
