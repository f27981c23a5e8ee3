import { config } from "~/config.server";
import { identityIsStarting } from "~/services/identity-readiness.server";
import { logger } from "~/services/logger.server";
import { configuredMailer, type Mailer } from "~/services/mailer.server";
import { deliverMessage, type Outcome } from "./notifications.server";
import {
  MAX_ATTEMPTS,
  claimDueMessages,
  markFailed,
  markSent,
  markSkipped,
  releaseAllClaims,
  releaseClaim,
  type ClaimedMessage,
} from "./outbox.server";
import { offerSeatsOfExpiredHolds } from "./waitlist.server";

// The outbox's worker, one in each app instance: claims due messages in a short transaction, sends each outside
// any transaction, then marks it (docs/decisions/0015-outbox.md).

// A claimed batch must be sent within its lease: 5 messages at most about 120 s each (the SMTP and HTTP timeouts,
// and two identity-provider calls for a link, PROVIDER_CALL_TIMEOUT_MS each).
export const BATCH_SIZE = 5;
export const LEASE_SECONDS = 10 * 60;
const IDLE_POLL_MS = 1000;

async function record(message: ClaimedMessage, outcome: Outcome) {
  if (outcome.status === "sent") {
    if (!(await markSent(message, outcome.textBody)))
      logger.error(
        { messageId: message.id },
        "An outbox message was sent after its lease ran out; it may be sent twice",
      );
  } else if (outcome.status === "skipped") {
    await markSkipped(message, outcome.note);
  } else {
    await markFailed(message, outcome.error, { permanent: outcome.permanent });
    if (outcome.permanent || message.attempts >= MAX_ATTEMPTS)
      logger.error({ messageId: message.id, kind: message.kind, error: outcome.error }, "Gave up an outbox message");
  }
}

/**
 * Claims one batch of due messages and sends them, one after another; answers how many were claimed. When
 * `stopping` turns true the rest of the batch is given back untried.
 */
export async function deliverDueMessages(mailer: Mailer, stopping = () => false): Promise<number> {
  const claimed = await claimDueMessages(BATCH_SIZE, LEASE_SECONDS);
  for (const message of claimed) {
    if (stopping()) {
      await releaseClaim(message);
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = await deliverMessage(message, mailer);
    } catch (error) {
      // Making the message failed (the identity provider out of reach, say): it is tried again like a failed send.
      outcome = { status: "failed", permanent: false, error: error instanceof Error ? error.message : String(error) };
    }
    await record(message, outcome);
  }
  return claimed.length;
}

/**
 * Starts this instance's worker: it sends what is due, then looks again every second. Answers a function that stops
 * it once the message being sent is done.
 */
export async function startOutboxWorker(mailer = configuredMailer()) {
  // The embedded PGlite belongs to this process alone (its data folder is locked), so any lease in it was left by
  // this site's previous run, killed while sending: those messages are due again at once, not after the lease.
  if (config.databaseUrl === null) await releaseAllClaims();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    try {
      // Holds that ran out in shows people wait for are let go here too, since nobody may be booking to notice; a
      // failure there must not hold up the mail.
      await offerSeatsOfExpiredHolds();
    } catch (error) {
      logger.error({ err: error }, "Offering seats to people waiting failed; trying again shortly");
    }
    try {
      // Mails with a sign-in or reset link wait for the embedded emulator's start rather than spend an attempt.
      let claimed = identityIsStarting() ? 0 : 1;
      while (claimed > 0 && !stopping) claimed = await deliverDueMessages(mailer, () => stopping);
    } catch (error) {
      logger.error({ err: error }, "Sending the outbox failed; trying again shortly");
    }
    if (!stopping) timer = setTimeout(() => (running = round()), IDLE_POLL_MS).unref();
  };
  let running = round();
  return async () => {
    stopping = true;
    clearTimeout(timer);
    await running;
  };
}
