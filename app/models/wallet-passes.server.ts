import { config } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { applePass, googleSaveUrl, type WalletTicket } from "~/services/wallet-passes.server";
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

function walletTicket(booking: Booking): WalletTicket {
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

/** The booking's Apple Wallet pass, or null when the cinema has no Apple Wallet certificate. */
export async function appleWalletPass(booking: Booking): Promise<Buffer | null> {
  return config.wallet.apple && applePass(walletTicket(booking), config.wallet.apple);
}

/** The link that saves the booking's ticket to Google Wallet, or null when the cinema has no issuer. */
export async function googleWalletSaveUrl(booking: Booking): Promise<string | null> {
  const { google } = config.wallet;
  return google && googleSaveUrl(walletTicket(booking), { ...google, siteOrigin: new URL(config.mail.siteUrl).origin });
}
