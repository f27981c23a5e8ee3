import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFileResponse } from "~/http/calendar-file.server";
import { requireOwnBooking } from "~/http/own-booking.server";

// A paid booking's show as a calendar file, for the ticket's "Add to calendar".
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  return calendarFileResponse(booking);
}
