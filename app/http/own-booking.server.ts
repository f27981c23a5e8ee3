import type { User } from "~/domain/user";
import { findBooking } from "~/models/bookings.server";
import { findBookingOwner } from "~/models/guests.server";
import { holdsBookingPass } from "./guest-pass.server";
import { bookingNotFound } from "./not-found.server";
import { requireUser } from "./viewer.server";

/**
 * Who acts for the booking the URL names: its owner when this browser holds the booking's pass (a guest, decision
 * 46), otherwise the signed-in customer; a visitor signs in.
 */
export async function requireBookingOwner(request: Request, bookingId: string | undefined): Promise<User> {
  const owner = bookingId && (await holdsBookingPass(request, bookingId)) ? await findBookingOwner(bookingId) : null;
  return owner ?? requireUser(request);
}

/** The customer and the booking of theirs the URL names; a visitor signs in, anyone else gets a 404. */
export async function requireOwnBooking(request: Request, bookingId: string | undefined) {
  const viewer = await requireBookingOwner(request, bookingId);
  const booking = await findBooking(viewer.uid, bookingId ?? "");
  if (!booking) throw bookingNotFound();
  return { viewer, booking };
}
