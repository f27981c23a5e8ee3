import { findBooking } from "~/models/bookings.server";
import { bookingNotFound } from "./not-found.server";
import { requireUser } from "./viewer.server";

/** The signed-in customer and the booking of theirs the URL names; a visitor signs in, anyone else gets a 404. */
export async function requireOwnBooking(request: Request, bookingId: string | undefined) {
  const viewer = await requireUser(request);
  const booking = await findBooking(viewer.uid, bookingId ?? "");
  if (!booking) throw bookingNotFound();
  return { viewer, booking };
}
