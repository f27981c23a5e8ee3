import type { LoaderFunctionArgs } from "@remix-run/node";
import { shortBookingId } from "~/domain/booking";
import { bookingNotFound } from "~/http/not-found.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { bookingCalendar } from "~/models/e-tickets.server";

// A paid booking's show as a calendar file, for the ticket's "Add to calendar".
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  if (booking.status !== "paid") throw bookingNotFound();
  return new Response(bookingCalendar(booking, new Date()), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="marquee-${shortBookingId(booking.id)}.ics"`,
    },
  });
}
