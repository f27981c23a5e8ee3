import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireBookingLink } from "~/http/booking-link.server";
import { calendarFileResponse } from "~/http/calendar-file.server";
import { bookingNotFound } from "~/http/not-found.server";
import { findBooking } from "~/models/bookings.server";
import { calendarPath } from "~/models/e-tickets.server";
import { findBookingOwner } from "~/models/guests.server";

// A guest's booking as a calendar file on the mailed link itself (decision 46): a calendar app, or a browser that
// never opened the link, has no pass to the booking, and gets the file all the same.
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await requireBookingLink(params.token);
  const guest = await findBookingOwner(link.bookingId);
  // An account has claimed the booking since: its own file, once signed in.
  if (!guest) return redirect(calendarPath(link.bookingId));
  const booking = await findBooking(guest.uid, link.bookingId);
  if (!booking) throw bookingNotFound();
  return calendarFileResponse(booking);
}
