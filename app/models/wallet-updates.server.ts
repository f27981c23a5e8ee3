import { sql } from "kysely";
import { config } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { pushPassUpdates, updateGoogleTicket } from "~/services/wallet-updates.server";
import { findBookingNow } from "./bookings.server";
import { enqueueMessage } from "./outbox.server";
import { appleWalletPass, isPassAuthenticationToken, walletTicket } from "./wallet-passes.server";

// A pass already in a wallet follows its booking (decision 73). Apple Wallet: devices register a pass with the web
// service (`app/routes/wallet.apple.*`), a change pushes to them, and they fetch the pass again. Google Wallet: the
// saved ticket is patched. A change queues one outbox job per booking in its own transaction; the worker carries it
// out from the booking as it is then, so sending it again is harmless.

/** A web service request about one pass: its type, serial number (the booking's id) and the token it sent. */
export type PassRequest = { passTypeIdentifier: string; serialNumber: string; authenticationToken: string | null };

/** The pass's booking, when the request's pass type is the cinema's and its token the pass's own; else null. */
async function authorizedBooking(pass: PassRequest): Promise<Booking | null> {
  const { apple } = config.wallet;
  if (!apple || pass.passTypeIdentifier !== apple.passTypeIdentifier || !pass.authenticationToken) return null;
  if (!isPassAuthenticationToken(pass.serialNumber, pass.authenticationToken)) return null;
  const booking = await findBookingNow(pass.serialNumber);
  // Only a paid booking was ever given a pass.
  return booking?.paidAt ? booking : null;
}

/**
 * Registers a device for a pass's updates: "created", or "updated" (its push token replaced) when it was registered
 * already; the key (device, pass type, pass) makes two registrations at once one row. Null for a wrong token.
 */
export async function registerDevice(device: string, pass: PassRequest, pushToken: string) {
  const booking = await authorizedBooking(pass);
  if (!booking) return null;
  const db = typed(await getDb());
  const created = await db
    .insertInto("wallet_registrations")
    .values({
      device_library_identifier: device,
      pass_type_identifier: pass.passTypeIdentifier,
      booking_id: booking.id,
      push_token: pushToken,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning("booking_id")
    .execute();
  if (created.length > 0) return "created" as const;
  await db
    .updateTable("wallet_registrations")
    .set({ push_token: pushToken })
    .where("device_library_identifier", "=", device)
    .where("pass_type_identifier", "=", pass.passTypeIdentifier)
    .where("booking_id", "=", booking.id)
    .execute();
  return "updated" as const;
}

/** Ends a device's registration for a pass (none is fine); false for a wrong token. */
export async function unregisterDevice(device: string, pass: PassRequest) {
  const booking = await authorizedBooking(pass);
  if (!booking) return false;
  await typed(await getDb())
    .deleteFrom("wallet_registrations")
    .where("device_library_identifier", "=", device)
    .where("pass_type_identifier", "=", pass.passTypeIdentifier)
    .where("booking_id", "=", booking.id)
    .execute();
  return true;
}

/**
 * A change's transaction may commit a little after the moment it wrote: a device asking since a tag is also given
 * the passes changed within this margin before it, so none is missed (fetching a pass again is harmless).
 */
const TAG_MARGIN_MS = 60_000;

/**
 * The serial numbers of a device's passes of this type changed since `sinceTag` (all of them without one), and the
 * tag to ask with next time (the latest change, in milliseconds); null when there are none.
 */
export async function passesUpdatedSince(device: string, passTypeIdentifier: string, sinceTag: number | null) {
  const rows = await typed(await getDb())
    .selectFrom("wallet_registrations as r")
    .innerJoin("bookings as b", "b.id", "r.booking_id")
    .leftJoin("wallet_pass_changes as c", "c.booking_id", "r.booking_id")
    .select(["r.booking_id as serialNumber", sql<Date>`coalesce(c.changed_at, b.paid_at)`.as("changedAt")])
    .where("r.device_library_identifier", "=", device)
    .where("r.pass_type_identifier", "=", passTypeIdentifier)
    .orderBy("r.booking_id")
    .execute();
  const changed = rows.filter(({ changedAt }) => sinceTag === null || changedAt.getTime() > sinceTag - TAG_MARGIN_MS);
  if (changed.length === 0) return null;
  const lastUpdated = Math.max(...rows.map(({ changedAt }) => changedAt.getTime()));
  return { serialNumbers: changed.map(({ serialNumber }) => serialNumber), lastUpdated: String(lastUpdated) };
}

/** The pass as it is now and when what it shows last changed; null for a wrong token. */
export async function latestPass(pass: PassRequest) {
  const booking = await authorizedBooking(pass);
  if (!booking) return null;
  const change = await typed(await getDb())
    .selectFrom("wallet_pass_changes")
    .select("changed_at")
    .where("booking_id", "=", booking.id)
    .executeTakeFirst();
  const lastModified = change?.changed_at ?? new Date(booking.paidAt!);
  return { booking, pass: (await appleWalletPass(booking))!, lastModified };
}

/** The wallets the cinema has keys for, as the outbox names where an update goes. */
function configuredWallets() {
  const { apple, google } = config.wallet;
  return [apple && "Apple Wallet", google && "Google Wallet"].filter(Boolean).join(", ");
}

/**
 * In the transaction of a change to what a paid booking's pass shows (its show moved or cancelled, the booking
 * cancelled): when the pass changed, and the job that tells the wallets. Nothing without a wallet configured.
 */
export async function queueWalletUpdate(tx: Queryable, bookingId: string) {
  const wallets = configuredWallets();
  if (!wallets) return;
  await typed(tx)
    .insertInto("wallet_pass_changes")
    .values({ booking_id: bookingId, changed_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column("booking_id").doUpdateSet({ changed_at: sql<Date>`now()` }))
    .execute();
  await enqueueMessage(tx, {
    kind: "wallet-update",
    recipient: wallets,
    subject: `Wallet pass of booking ${shortBookingId(bookingId)}`,
    payload: { bookingId },
  });
}

/** APNs answers after which the same push may go through: none came, too many pushes, or a failure of theirs. */
const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

/** Pushes to every device registered for the booking's pass; a token Apple says is gone (410) is registered no more. */
async function pushToDevices(bookingId: string) {
  const apple = config.wallet.apple!;
  const db = typed(await getDb());
  const registrations = await db
    .selectFrom("wallet_registrations")
    .select("push_token")
    .where("booking_id", "=", bookingId)
    .where("pass_type_identifier", "=", apple.passTypeIdentifier)
    .execute();
  const tokens = [...new Set(registrations.map((registration) => registration.push_token))];
  const answers = await pushPassUpdates(tokens, {
    host: apple.apnsHost,
    ca: apple.apnsCa,
    topic: apple.passTypeIdentifier,
    cert: apple.signerCert,
    key: apple.signerKey,
    passphrase: apple.signerKeyPassphrase,
  });
  const gone = answers.filter((answer) => answer.status === 410).map((answer) => answer.pushToken);
  if (gone.length > 0)
    await db
      .deleteFrom("wallet_registrations")
      .where("booking_id", "=", bookingId)
      .where("push_token", "in", gone)
      .execute();
  const delivered = answers.filter((answer) => answer.status === 200).length;
  const summary = `Apple Wallet: pushed to ${delivered} of ${tokens.length} devices${
    gone.length > 0 ? `, ${gone.length} no longer registered` : ""
  }`;
  const failure = answers.find((answer) => retryable(answer.status));
  return {
    summary,
    error: failure ? `APNs answered ${failure.status || "nothing"} (${failure.reason ?? "no reason given"})` : null,
  };
}

export type WalletUpdateOutcome =
  { status: "sent"; textBody: string } | { status: "failed"; permanent: boolean; error: string };

/**
 * Carries out a booking's wallet update, from the booking as it is now: each registered device gets a push (Apple),
 * the saved ticket is patched (Google). A failure that may pass is tried again, pushes and patch alike.
 */
export async function sendWalletUpdate(bookingId: string): Promise<WalletUpdateOutcome> {
  const booking = (await findBookingNow(bookingId))!;
  const { apple, google } = config.wallet;
  const done: string[] = [];
  const errors: { permanent: boolean; error: string }[] = [];
  if (apple) {
    const pushed = await pushToDevices(booking.id);
    done.push(pushed.summary);
    if (pushed.error) errors.push({ permanent: false, error: pushed.error });
  }
  if (google) {
    const update = await updateGoogleTicket(walletTicket(booking), google);
    if (update.ok) done.push(`Google Wallet: ${update.saved ? "ticket updated" : "ticket never saved"}`);
    else errors.push(update);
  }
  if (errors.length > 0)
    return {
      status: "failed",
      permanent: errors.every((error) => error.permanent),
      error: errors.map((error) => error.error).join("; "),
    };
  return { status: "sent", textBody: done.join("\n") };
}
