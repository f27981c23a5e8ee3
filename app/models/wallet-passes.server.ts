import { config, getSessionSecrets } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { formatUuid, signToken, uuidBytes, verifyToken } from "~/services/signed-tokens.server";
import { applePass, googleSaveUrl, type WalletTicket } from "~/services/wallet-passes.server";
import { isUuid } from "~/utils/uuid";
import { formatShowTime } from "~/utils/show-display";
import { ticketFor } from "./e-tickets.server";

// A paid booking's e-ticket in the phone's wallet (decision 73), offered only for the wallets whose keys the cinema
// configured. A pass is made from the booking as it is when asked for: the show's time and hall after a move.

export type WalletLinks = { apple: string | null; google: string | null };

/** The addresses of the booking's wallet passes, null for a wallet the cinema has no keys for. */
export function walletLinks(bookingId: string): WalletLinks {
  return {
    apple: config.wallet.apple ? `/my-bookings/${bookingId}/wallet.pkpass` : null,
    google: config.wallet.google ? `/my-bookings/${bookingId}/google-wallet` : null,
  };
}

/** What the booking's pass shows, as it is now. */
export function walletTicket(booking: Booking): WalletTicket {
  return {
    bookingId: booking.id,
    showId: booking.showId,
    reference: shortBookingId(booking.id),
    title: booking.movie.title,
    startsAt: new Date(booking.startsAt).toISOString(),
    endsAt: showEndsAt(booking).toISOString(),
    when: formatShowTime(booking.startsAt, config.timeZone),
    hallName: booking.hallName,
    seats: booking.seats,
    address: config.address,
    qrMessage: ticketFor(booking.id, config.mail.siteUrl).checkInUrl,
    voided: booking.status !== "paid",
  };
}

/** Where the passes' web service answers (`app/routes/wallet.apple.*`). */
const APPLE_WEB_SERVICE_PATH = "/wallet/apple";
const PASS_TOKEN_PURPOSE = "apple-wallet-pass";
const PASS_TOKEN_MAX_LENGTH = 100;

/**
 * The token an Apple pass sends to the web service with each request about it: its booking's id signed with the
 * site's secret (43 characters), so nothing is stored and a pass made again carries the same one.
 */
export function passAuthenticationToken(bookingId: string) {
  return signToken(PASS_TOKEN_PURPOSE, uuidBytes(bookingId), getSessionSecrets()[0]);
}

/** Whether `token` is the booking's pass's own, under any secret still accepted (compared in constant time). */
export function isPassAuthenticationToken(bookingId: string, token: string) {
  if (!isUuid(bookingId) || token.length > PASS_TOKEN_MAX_LENGTH) return false;
  const id = verifyToken(PASS_TOKEN_PURPOSE, token, uuidBytes(bookingId).length, getSessionSecrets());
  return id !== null && formatUuid(id) === bookingId;
}

/**
 * The booking's Apple Wallet pass, or null when the cinema has no Apple Wallet certificate. It names the web service
 * through which the wallet that holds it hears of a change and fetches it again.
 */
export async function appleWalletPass(booking: Booking): Promise<Buffer | null> {
  const { apple } = config.wallet;
  return (
    apple &&
    applePass(walletTicket(booking), apple, {
      webServiceURL: `${config.mail.siteUrl}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: passAuthenticationToken(booking.id),
    })
  );
}

/** The link that saves the booking's ticket to Google Wallet, or null when the cinema has no issuer. */
export async function googleWalletSaveUrl(booking: Booking): Promise<string | null> {
  const { google } = config.wallet;
  return google && googleSaveUrl(walletTicket(booking), { ...google, siteOrigin: new URL(config.mail.siteUrl).origin });
}
