import { shortBookingId, type Booking } from "~/domain/booking";
import { bookingCalendar } from "~/models/e-tickets.server";
import { bookingNotFound } from "./not-found.server";

/** A paid booking's show as a calendar file to download, for the ticket's "Add to calendar"; any other is not found. */
export async function calendarFileResponse(booking: Booking) {
  if (booking.status !== "paid") throw bookingNotFound();
  return new Response(await bookingCalendar(booking), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="marquee-${shortBookingId(booking.id)}.ics"`,
    },
  });
}
