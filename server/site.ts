import type { Server } from "node:http";
import net from "node:net";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import { config } from "~/config.server";
import { startOutboxWorker } from "~/models/outbox-worker.server";
import { reconcileCheckouts } from "~/models/checkouts.server";
import { keepSampleScheduleFilled } from "~/models/sample-data.server";
import { closeDb, getDb } from "~/services/db.server";
import { listenForIdentityReady } from "~/services/identity-readiness.server";
import { logger } from "~/services/logger.server";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import { answerBackupRequests } from "./backups";
import { lockDataFolder, makeDataFolderPrivate } from "./data-folder";
import { explainRefusedRequests } from "./refusals";
import { requestPath } from "./request-path";
import { requestTurns } from "./request-turns";

// Connections the kernel may hold for the server before it accepts them (Linux caps it at net.core.somaxconn).
const LISTEN_BACKLOG = 4096;
// How long a stop waits for the requests in flight before it gives up on them.
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Checkouts whose hold ended, or whose webhook is late, are reconciled with the gateway at start and then every
 * CHECKOUT_RECONCILE_SECONDS (any instance), and the gateway does its own background work, if it has any.
 */
function reconcileCheckoutsRegularly() {
  const reconcile = () =>
    reconcileCheckouts().catch((error) => logger.error({ err: error }, "Reconciling checkouts failed"));
  void reconcile();
  const timer = setInterval(reconcile, config.payments.reconcileSeconds * 1000);
  timer.unref();
  const stopGateway = configuredPaymentProvider().startBackgroundWork?.();
  return () => {
    clearInterval(timer);
    stopGateway?.();
  };
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
  listenForIdentityReady();
  if (config.databaseUrl === null) {
    makeDataFolderPrivate(config.dataDir);
    lockDataFolder(config.dataDir, "db");
  }
  const db = await getDb();
  // PGlite unpacks a new database with its files readable by all; they are made private once it is open.
  if (config.databaseUrl === null) makeDataFolderPrivate(config.dataDir);
  const stopAnsweringBackups = config.databaseUrl === null ? answerBackupRequests(config.dataDir, db) : () => {};
  const stopSampleSchedule = config.sampleData ? await keepSampleScheduleFilled() : () => {};
  const stopOutbox = await startOutboxWorker();
  const state = { stopping: false };
  const turns = requestTurns();
  const server = await listen(requestPath(build, state, turns));
  turns.watch(server);
  // Once the site listens: the test gateway's first round of webhooks is sent to it.
  const stopReconciling = reconcileCheckoutsRegularly();
  console.info(`Site on http://${config.host}:${config.port}`);

  const stop = (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    logger.info(`${signal}: finishing the requests in flight, then stopping.`);
    stopSampleSchedule();
    stopReconciling();
    stopAnsweringBackups();
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
