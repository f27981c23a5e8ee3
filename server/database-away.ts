import type { NextFunction, Request, Response } from "express";
import { databaseAwaySince, pingDatabase } from "~/services/db.server";
import { CHECK_TIMEOUT_MS } from "./health";
import { sendRefusal } from "./refusal-page";

const RETRY_AFTER_SECONDS = 30;

/** The 503 page with `Retry-After` that answers while the database is away (a restart, a failover). */
export function sendDatabaseAway(res: Response) {
  sendRefusal(res, {
    status: 503,
    title: "Briefly unavailable",
    message:
      "The site is briefly unavailable while we reconnect to our database. Nothing you completed was lost. Please try again in a minute.",
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * Whether an answer of 500 is the database being away: every page would fail then, so the one writer of answers
 * (`server/remix-requests.ts`) and the error handler send the 503 page instead.
 */
export function failsForDatabaseAway(status: number) {
  return status === 500 && databaseAwaySince() !== null;
}

/**
 * While the database is marked away, each request first asks it again, so the site serves again as soon as it is
 * back; until then the request gets the 503 page without running the app.
 */
export function askDatabaseWhenAway(_req: Request, res: Response, next: NextFunction) {
  if (databaseAwaySince() === null) return next();
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS).unref());
  Promise.race([pingDatabase(), timeout]).then(
    () => next(),
    () => sendDatabaseAway(res),
  );
}
